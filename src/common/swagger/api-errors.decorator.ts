import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath, HeadersObject } from '@nestjs/swagger';
import { ErrorCode, statusOf } from '../errors/error-codes';
import { ErrorResponseDto } from '../errors/error-response.dto';

/** Every endpoint can answer these (503: its database cannot be used right now). */
const ALWAYS: ErrorCode[] = ['rate_limited', 'internal_error', 'service_unavailable'];
/** The answers that ask the client to wait, and say for how long. */
const RETRY_AFTER: ErrorCode[] = ['rate_limited', 'service_unavailable'];
/** Every endpoint that reads a JSON body can answer these as well. */
const BODY: ErrorCode[] = ['validation_error', 'invalid_json', 'payload_too_large', 'unsupported_media_type'];

/** An unknown field: the one validation failure that every body and every query can meet. */
const VALIDATION_PROBLEM = { field: 'nickname', message: 'is not an accepted field' };

/**
 * The example of each error code: a text the service really answers with (test/openapi.e2e.ts
 * compares them with the modules' errors), with made-up values where the text has some.
 */
export const ERROR_EXAMPLES: Readonly<Record<ErrorCode, { description: string; details?: { field: string; message: string }[] | { mfa_token: string; expires_at: string } }>> = {
  validation_error: { description: `${VALIDATION_PROBLEM.field}: ${VALIDATION_PROBLEM.message}`, details: [VALIDATION_PROBLEM] },
  webhook_url_not_allowed: { description: 'This webhook URL is not allowed: it must use https (a server started with WEBHOOK_ALLOW_HTTP=true also takes http).' },
  invalid_json: { description: 'The request body is not valid JSON.' },
  invalid_signature: { description: 'The signature of this notification does not verify against its body as sent and the signing secret, or it is too old.' },
  provider_mode_mismatch: { description: 'The provider credentials are of the other mode: test keys serve test-mode accounts and events only, live keys live ones.' },
  token_invalid: { description: 'The link is not valid: it was used already, it expired, a newer one replaced it, or it was mistyped.' },
  unauthorized: { description: 'A valid access token is required.' },
  invalid_credentials: { description: 'The email or the password is incorrect.' },
  refresh_token_invalid: { description: 'The refresh token is not valid.' },
  refresh_token_expired: { description: 'The refresh token has expired; log in again.' },
  mfa_required: {
    description: 'The password is right; now send a code from your authenticator app with details.mfa_token to POST /v1/auth/login/mfa.',
    details: { mfa_token: 'mfa_2Yx7QvJr0b8kN3pLq5sT9wXc1zA4dF6gH8jK0mN2pR4', expires_at: '2026-11-21T10:20:30.123Z' },
  },
  mfa_code_invalid: { description: 'The code is not valid (wrong, already used, or too far from the current time).' },
  mfa_code_required: { description: 'This operation needs a current code from your authenticator app in mfa_code.' },
  mfa_enrollment_required: { description: 'Admins must set up two factors first: POST /v1/auth/mfa/totp, then POST /v1/auth/mfa/totp/confirm.' },
  mfa_already_enabled: { description: 'Two factors are already enabled; remove them first (DELETE /v1/auth/mfa/totp).' },
  mfa_not_enabled: { description: 'Two factors are not enabled for this user.' },
  mfa_enrollment_not_started: { description: 'No enrolment is waiting for confirmation; start one with POST /v1/auth/mfa/totp.' },
  insufficient_permissions: { description: 'Your role does not allow this operation.' },
  account_closed: { description: 'The account is closed.' },
  email_not_verified: {
    description: 'Confirm your email address first: follow the link mailed to it (POST /v1/auth/verify_email/resend sends a new one).',
  },
  test_mode_only: { description: 'simulate drives test-mode payment requests only: this one is live, and only its customer can pay it.' },
  not_found: { description: 'No route GET /v1/transaction.' },
  user_not_found: { description: 'No such user.' },
  account_not_found: { description: 'No such account.' },
  transaction_not_found: { description: 'No such transaction.' },
  payment_not_found: { description: 'No such payment request.' },
  refund_not_found: { description: 'No such refund.' },
  payout_not_found: { description: 'No such payout.' },
  payout_batch_not_found: { description: 'No such payout batch.' },
  bank_statement_not_found: { description: 'No such bank statement.' },
  bank_statement_line_not_found: { description: 'No such bank statement line.' },
  bank_statement_profile_not_found: { description: 'No bank statement profile is named ubs-export.' },
  session_not_found: { description: 'No such session.' },
  event_not_found: { description: 'No such event.' },
  webhook_endpoint_not_found: { description: 'No such webhook endpoint.' },
  api_key_not_found: { description: 'No such API key.' },
  method_not_allowed: { description: 'PUT is not served here; use DELETE, GET, HEAD, PATCH.' },
  email_already_registered: { description: 'A user with this email already exists.' },
  email_already_verified: { description: 'Your email address is verified and no change waits for confirmation: there is nothing to send.' },
  account_already_exists: { description: 'The user already belongs to an account.' },
  user_owns_account: { description: 'The user owns an open account; close the account before deleting its owner.' },
  transaction_not_pending: { description: 'The transaction is posted; only a pending transaction can change status.' },
  payment_not_pending: { description: 'The payment request is succeeded (capture_method automatic); it cannot be canceled.' },
  session_already_invalidated: { description: 'The session has already been invalidated.' },
  token_rotation_failed: { description: 'The session changed while the refresh token was being rotated; retry the request.' },
  idempotency_request_in_progress: { description: 'A request with this Idempotency-Key is still being processed; retry shortly.' },
  insufficient_funds: { description: 'The account does not allow overdrafts, and the debit exceeds its available EUR balance.' },
  refund_exceeds_payment: { description: 'The refunds of this payment would add up to more than it: 1000 of 1250 is refunded already.' },
  payment_not_refundable: { description: 'The payment request is pending; only a succeeded request can be refunded.' },
  transaction_already_reversed: { description: 'The transaction was reversed already, by txn_01JDQ5A0B1C2D3E4F5G6H7J8K9.' },
  transaction_not_posted: { description: 'The transaction is pending; only a posted transaction can be reversed (cancel a pending one).' },
  transaction_has_refunds: {
    description: 'The transaction has refunds that are not canceled (400 of 1250); a reversal would give back what they give back already.',
  },
  amount_mismatch: { description: 'The line is 1250 EUR (minor units); the request asks for 1200 EUR.' },
  request_not_open: { description: 'The request is succeeded: only a pending bank_transfer request can be settled by a statement line.' },
  line_not_unmatched: { description: 'The line is matched: only an unmatched line can be matched or ignored.' },
  bank_statement_profile_exists: { description: 'A bank statement profile is already named ubs-export.' },
  api_key_not_active: { description: 'The API key is revoked: it cannot be rolled (create a new key instead).' },
  transaction_belongs_to_payout: {
    description: "The transaction is payout po_01JDQ5A0B1C2D3E4F5G6H7J8K9's: it moves with the payout (POST /v1/payouts/{payout_id}/cancel, or the bank's statement).",
  },
  payout_not_cancelable: { description: 'The payout is in_transit; only a pending payout can be canceled (one in a batch file is with the bank).' },
  payout_batch_empty: { description: 'No pending live EUR payout is left to put in a batch (each payout goes in one batch only).' },
  account_has_payouts_in_transit: {
    description: 'The account has 2 payouts in transit (in a batch file the bank is executing); it can be closed once the bank statement settles them.',
  },
  transaction_belongs_to_refund: {
    description: "The transaction is refund re_01JDQ5A0B1C2D3E4F5G6H7J8K9's: it settles with the refund (an admin records the answer with POST /v1/refunds/{refund_id}/confirm).",
  },
  payload_too_large: { description: 'The request body is larger than 1 MiB.' },
  request_header_fields_too_large: { description: 'The request line and headers are larger than 16 KiB.' },
  unsupported_media_type: { description: 'Request bodies must be sent as Content-Type: application/json.' },
  immutable_field: {
    description: 'amount cannot be changed once the resource is created.',
    details: [{ field: 'amount', message: 'cannot be changed once the resource is created' }],
  },
  idempotency_key_reused: { description: 'This Idempotency-Key was already used with a different request body; use a new key for a new request.' },
  rate_limited: { description: 'Too many requests; retry after the time in Retry-After.' },
  internal_error: { description: 'An unexpected error occurred. Quote the request id when reporting it.' },
  service_unavailable: { description: 'The database is unavailable; retry after the time in Retry-After.' },
};

/**
 * Documents the error responses of an endpoint: one entry per status, the
 * shared error schema, and one example per error code.
 */
export function ApiErrors(...codes: ErrorCode[]): MethodDecorator {
  return documentErrors([...codes, ...ALWAYS]);
}

/** The probes (/health, /health/ready): never rate limited, and readiness documents its own 503. */
export function ApiProbeErrors(): MethodDecorator {
  return documentErrors(['internal_error']);
}

/** ApiErrors for an endpoint with a JSON request body: adds the body's own failures. */
export function ApiBodyErrors(...codes: ErrorCode[]): MethodDecorator {
  return documentErrors([...BODY, ...codes, ...ALWAYS]);
}

function documentErrors(codes: ErrorCode[]): MethodDecorator {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses = [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, statusCodes]) => ApiResponse({ status, ...errorResponseOf(statusCodes) }));
  return applyDecorators(ApiExtraModels(ErrorResponseDto), ...responses);
}

/** The documented response of one status: the shared error schema, and one example per error code. */
interface ErrorResponseObject {
  description: string;
  headers?: HeadersObject;
  content: { 'application/json': { schema: { $ref: string }; examples: Record<string, { value: unknown }> } };
}

function errorResponseOf(statusCodes: ErrorCode[]): ErrorResponseObject {
  return {
    description: statusCodes.map((code) => `\`${code}\``).join(', '),
    ...(statusCodes.some((code) => RETRY_AFTER.includes(code))
      ? { headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', example: 5 } } } }
      : {}),
    content: {
      'application/json': {
        schema: { $ref: getSchemaPath(ErrorResponseDto) },
        examples: Object.fromEntries(
          statusCodes.map((code) => [
            code,
            {
              value: {
                error_code: code,
                error_description: ERROR_EXAMPLES[code].description,
                request_id: '01JDQ4Z8X9T2M3N4P5Q6R7S8T9',
                ...(ERROR_EXAMPLES[code].details ? { details: ERROR_EXAMPLES[code].details } : {}),
              },
            },
          ]),
        ),
      },
    },
  };
}

/**
 * Adds an error code to an operation of the generated document, for the OpenAPI additions whose
 * decorators imply an answer (an API key on a session-only operation gets 403): the code joins the
 * examples and the description of its status, which is added when the operation documents none.
 */
export function documentErrorCode(operation: Record<string, unknown>, code: ErrorCode): void {
  const responses = operation.responses as Record<string, ErrorResponseObject>;
  const status = String(statusOf(code));
  const current = responses[status];
  if (current === undefined) {
    // Statuses are integer keys: JavaScript keeps them in ascending order, as the decorators write them.
    responses[status] = errorResponseOf([code]);
    return;
  }
  const codes = Object.keys(current.content['application/json'].examples) as ErrorCode[];
  if (codes.includes(code)) return;
  const merged = errorResponseOf([...codes, code]);
  responses[status] = { ...current, description: merged.description, content: merged.content };
}
