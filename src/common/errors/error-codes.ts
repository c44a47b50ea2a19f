/**
 * Every error code the API can answer with, mapped to its HTTP status
 * (contract section 8). The Record type makes the compiler reject a code
 * without a status.
 */
export const ERROR_STATUS = {
  validation_error: 400,
  webhook_url_not_allowed: 400,
  invalid_json: 400,
  // A provider's notification whose signature does not verify (section 34).
  invalid_signature: 400,
  // A provider whose credentials are of the other mode than the account or the event (section 34).
  provider_mode_mismatch: 400,
  token_invalid: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  refresh_token_invalid: 401,
  refresh_token_expired: 401,
  mfa_required: 401,
  mfa_code_invalid: 401,
  insufficient_permissions: 403,
  account_closed: 403,
  test_mode_only: 403,
  mfa_code_required: 403,
  mfa_enrollment_required: 403,
  email_not_verified: 403,
  not_found: 404,
  user_not_found: 404,
  account_not_found: 404,
  transaction_not_found: 404,
  payment_not_found: 404,
  refund_not_found: 404,
  session_not_found: 404,
  event_not_found: 404,
  webhook_endpoint_not_found: 404,
  api_key_not_found: 404,
  bank_statement_not_found: 404,
  bank_statement_line_not_found: 404,
  bank_statement_profile_not_found: 404,
  method_not_allowed: 405,
  email_already_registered: 409,
  email_already_verified: 409,
  account_already_exists: 409,
  user_owns_account: 409,
  transaction_not_pending: 409,
  payment_not_pending: 409,
  session_already_invalidated: 409,
  token_rotation_failed: 409,
  idempotency_request_in_progress: 409,
  insufficient_funds: 409,
  refund_exceeds_payment: 409,
  payment_not_refundable: 409,
  transaction_already_reversed: 409,
  transaction_not_posted: 409,
  transaction_has_refunds: 409,
  transaction_belongs_to_refund: 409,
  api_key_not_active: 409,
  amount_mismatch: 409,
  request_not_open: 409,
  line_not_unmatched: 409,
  bank_statement_profile_exists: 409,
  mfa_already_enabled: 409,
  mfa_not_enabled: 409,
  mfa_enrollment_not_started: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** Written by the HTTP parser's handler (request line and headers over 16 KiB); contract section 13. */
  request_header_fields_too_large: 431,
  immutable_field: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
