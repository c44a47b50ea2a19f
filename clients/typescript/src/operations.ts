/**
 * Generated from docs/openapi.json by clients/typescript/scripts/generate.js: do not edit.
 * Run `npm run generate` in clients/typescript after `npm run openapi:write` at the root.
 */

/** How an operation authenticates: the access token, optionally the access token, the refresh token, or nothing. */
export type OperationAuth = 'access' | 'optional' | 'refresh' | 'none';

export interface OperationInfo {
  readonly operationId: string;
  readonly auth: OperationAuth;
  /** A creating POST: it takes an Idempotency-Key, and a retry with the same key is answered once. */
  readonly idempotent: boolean;
}

/** Every operation of the API, by "METHOD /path" as openapi-fetch names them. */
export const OPERATIONS: Readonly<Record<string, OperationInfo>> = {
  'GET /health': { operationId: 'liveness', auth: 'none', idempotent: false },
  'GET /health/ready': { operationId: 'readiness', auth: 'none', idempotent: false },
  'DELETE /v1/auth/session': { operationId: 'invalidateSession', auth: 'access', idempotent: false },
  'GET /v1/auth/sessions': { operationId: 'listSessions', auth: 'access', idempotent: false },
  'GET /v1/users': { operationId: 'listUsers', auth: 'access', idempotent: false },
  'POST /v1/users': { operationId: 'createUser', auth: 'access', idempotent: true },
  'GET /v1/users/{user_id}': { operationId: 'getUser', auth: 'access', idempotent: false },
  'PATCH /v1/users/{user_id}': { operationId: 'updateUser', auth: 'access', idempotent: false },
  'DELETE /v1/users/{user_id}': { operationId: 'deleteUser', auth: 'access', idempotent: false },
  'POST /v1/auth/verify_email': { operationId: 'verifyEmail', auth: 'none', idempotent: false },
  'POST /v1/auth/verify_email/resend': { operationId: 'resendEmailVerification', auth: 'access', idempotent: false },
  'POST /v1/auth/password_reset': { operationId: 'requestPasswordReset', auth: 'none', idempotent: false },
  'POST /v1/auth/password_reset/confirm': { operationId: 'confirmPasswordReset', auth: 'none', idempotent: false },
  'POST /v1/accounts': { operationId: 'createAccount', auth: 'access', idempotent: true },
  'PATCH /v1/accounts': { operationId: 'updateAccount', auth: 'access', idempotent: false },
  'GET /v1/account': { operationId: 'getOwnAccount', auth: 'access', idempotent: false },
  'GET /v1/auth/accounts': { operationId: 'listAccounts', auth: 'access', idempotent: false },
  'GET /v1/account/balances': { operationId: 'getBalances', auth: 'access', idempotent: false },
  'GET /v1/transactions': { operationId: 'listTransactions', auth: 'access', idempotent: false },
  'POST /v1/transactions': { operationId: 'createTransaction', auth: 'access', idempotent: true },
  'GET /v1/transactions/{transaction_id}': { operationId: 'getTransaction', auth: 'access', idempotent: false },
  'PATCH /v1/transactions/{transaction_id}': { operationId: 'updateTransaction', auth: 'access', idempotent: false },
  'DELETE /v1/transactions/{transaction_id}': { operationId: 'cancelTransaction', auth: 'access', idempotent: false },
  'POST /v1/transactions/{transaction_id}/post': { operationId: 'postTransaction', auth: 'access', idempotent: false },
  'POST /v1/transactions/{transaction_id}/reverse': { operationId: 'reverseTransaction', auth: 'access', idempotent: true },
  'GET /v1/payments': { operationId: 'listPayments', auth: 'access', idempotent: false },
  'POST /v1/payments': { operationId: 'createPayment', auth: 'access', idempotent: true },
  'GET /v1/payments/{payment_id}': { operationId: 'getPayment', auth: 'access', idempotent: false },
  'GET /v1/payments/{payment_id}/status': { operationId: 'getPaymentStatus', auth: 'access', idempotent: false },
  'POST /v1/payments/{payment_id}/capture': { operationId: 'capturePayment', auth: 'access', idempotent: false },
  'POST /v1/payments/{payment_id}/cancel': { operationId: 'cancelPayment', auth: 'access', idempotent: false },
  'GET /v1/payment_providers': { operationId: 'listPaymentProviders', auth: 'access', idempotent: false },
  'GET /v1/payments/{payment_id}/refunds': { operationId: 'listRefunds', auth: 'access', idempotent: false },
  'POST /v1/payments/{payment_id}/refunds': { operationId: 'createRefund', auth: 'access', idempotent: true },
  'GET /v1/refunds/{refund_id}': { operationId: 'getRefund', auth: 'access', idempotent: false },
  'POST /v1/refunds/{refund_id}/confirm': { operationId: 'confirmRefund', auth: 'access', idempotent: false },
  'POST /v1/payments/{payment_id}/simulate': { operationId: 'simulatePayment', auth: 'access', idempotent: false },
  'GET /v1/events': { operationId: 'listEvents', auth: 'access', idempotent: false },
  'GET /v1/events/{event_id}': { operationId: 'getEvent', auth: 'access', idempotent: false },
  'GET /v1/audit_log': { operationId: 'listAuditLog', auth: 'access', idempotent: false },
  'GET /v1/audit_log/public_key': { operationId: 'getAuditPublicKey', auth: 'access', idempotent: false },
  'GET /v1/webhook_endpoints': { operationId: 'listWebhookEndpoints', auth: 'access', idempotent: false },
  'POST /v1/webhook_endpoints': { operationId: 'createWebhookEndpoint', auth: 'access', idempotent: false },
  'GET /v1/webhook_endpoints/{endpoint_id}': { operationId: 'getWebhookEndpoint', auth: 'access', idempotent: false },
  'PATCH /v1/webhook_endpoints/{endpoint_id}': { operationId: 'updateWebhookEndpoint', auth: 'access', idempotent: false },
  'DELETE /v1/webhook_endpoints/{endpoint_id}': { operationId: 'deleteWebhookEndpoint', auth: 'access', idempotent: false },
  'POST /v1/webhook_endpoints/{endpoint_id}/rotate_secret': { operationId: 'rotateWebhookSecret', auth: 'access', idempotent: false },
  'GET /v1/webhook_endpoints/{endpoint_id}/deliveries': { operationId: 'listWebhookDeliveries', auth: 'access', idempotent: false },
  'POST /v1/events/{event_id}/redeliver': { operationId: 'redeliverEvent', auth: 'access', idempotent: false },
  'GET /v1/bank_statements': { operationId: 'listBankStatements', auth: 'access', idempotent: false },
  'POST /v1/bank_statements': { operationId: 'importBankStatement', auth: 'access', idempotent: false },
  'GET /v1/bank_statements/{statement_id}': { operationId: 'getBankStatement', auth: 'access', idempotent: false },
  'GET /v1/bank_statement_lines': { operationId: 'listBankStatementLines', auth: 'access', idempotent: false },
  'GET /v1/bank_statement_lines/{line_id}': { operationId: 'getBankStatementLine', auth: 'access', idempotent: false },
  'POST /v1/bank_statement_lines/{line_id}/match': { operationId: 'matchBankStatementLine', auth: 'access', idempotent: false },
  'POST /v1/bank_statement_lines/{line_id}/ignore': { operationId: 'ignoreBankStatementLine', auth: 'access', idempotent: false },
  'GET /v1/bank_statement_profiles': { operationId: 'listBankStatementProfiles', auth: 'access', idempotent: false },
  'POST /v1/bank_statement_profiles': { operationId: 'createBankStatementProfile', auth: 'access', idempotent: false },
  'GET /v1/bank_statement_profiles/{name}': { operationId: 'getBankStatementProfile', auth: 'access', idempotent: false },
  'DELETE /v1/bank_statement_profiles/{name}': { operationId: 'deleteBankStatementProfile', auth: 'access', idempotent: false },
  'POST /v1/auth/login': { operationId: 'login', auth: 'none', idempotent: false },
  'POST /v1/auth/refresh': { operationId: 'refreshSession', auth: 'refresh', idempotent: false },
  'POST /v1/auth/login/mfa': { operationId: 'loginWithMfa', auth: 'none', idempotent: false },
  'POST /v1/auth/mfa/totp': { operationId: 'startTotpEnrolment', auth: 'access', idempotent: false },
  'DELETE /v1/auth/mfa/totp': { operationId: 'removeTotp', auth: 'access', idempotent: false },
  'POST /v1/auth/mfa/totp/confirm': { operationId: 'confirmTotpEnrolment', auth: 'access', idempotent: false },
  'GET /v1/api_keys': { operationId: 'listApiKeys', auth: 'access', idempotent: false },
  'POST /v1/api_keys': { operationId: 'createApiKey', auth: 'access', idempotent: false },
  'GET /v1/api_keys/{api_key_id}': { operationId: 'getApiKey', auth: 'access', idempotent: false },
  'DELETE /v1/api_keys/{api_key_id}': { operationId: 'revokeApiKey', auth: 'access', idempotent: false },
  'POST /v1/api_keys/{api_key_id}/roll': { operationId: 'rollApiKey', auth: 'access', idempotent: false },
  'DELETE /v1/auth/close': { operationId: 'closeAccount', auth: 'access', idempotent: false },
  'GET /v1/ledger/check': { operationId: 'checkLedger', auth: 'access', idempotent: false },
};
