import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AccountErrors } from '../src/accounts/accounts.errors';
import { AuthErrors } from '../src/auth/auth.errors';
import { MfaErrors } from '../src/auth/mfa/mfa.errors';
import { BankStatementErrors } from '../src/bank-statements/bank-statements.errors';
import { AccessErrors } from '../src/common/access/access.errors';
import { DomainError } from '../src/common/errors/domain-error';
import { ErrorCode } from '../src/common/errors/error-codes';
import { INVALID_LIMIT_MESSAGE } from '../src/common/pagination/pagination-query.dto';
import { ERROR_EXAMPLES } from '../src/common/swagger/api-errors.decorator';
import { EventErrors } from '../src/events/events.errors';
import { IdempotencyErrors } from '../src/idempotency/idempotency.errors';
import { LedgerErrors } from '../src/ledger/ledger.errors';
import { PaymentErrors } from '../src/payments/payments.errors';
import { RefundErrors } from '../src/refunds/refunds.errors';
import { TransactionErrors } from '../src/transactions/transactions.errors';
import { UserErrors } from '../src/users/users.errors';
import { HTTPS_ONLY } from '../src/webhooks/webhook-url';
import { WebhookErrors } from '../src/webhooks/webhooks.errors';
import { ApiResponse } from './support/api-client';
import { expectError, expectStatus, loginAdmin } from './support/factories';
import { generatedOpenApi } from './support/openapi-document';
import { startTestApp, useTestApp } from './support/test-app';
import { ApiKeyErrors } from '../src/api-keys/api-keys.errors';
import { AccountClosureErrors } from '../src/account-closure/account-closure.errors';
import { PayoutErrors } from '../src/payouts/payouts.errors';
import { API_KEY_SCOPES } from '../src/common/access/scopes';
import { CURRENCY_CODES } from '../src/common/money/currencies';

/*
 * The document as tools use it: Swagger UI's "Try it out" sends examples as they are, generators turn
 * schemas into types, linters read everything. What they get must work without editing.
 */

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Parameter {
  name: string;
  in: string;
  example?: unknown;
  examples?: unknown;
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  description?: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
}
interface Document {
  servers?: { url: string; description?: string }[];
  info: { license?: { name: string; url?: string } };
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], Operation>>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, Record<string, unknown>> };
}

function operationsOf(document: Document): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) => HTTP_METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])));
}

/** Every object in the document with the path that leads to it. */
function* walk(node: unknown, path = '#'): Generator<{ path: string; node: Record<string, unknown> }> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* walk(item, `${path}/${index}`);
  } else if (typeof node === 'object' && node !== null) {
    yield { path, node: node as Record<string, unknown> };
    for (const [key, value] of Object.entries(node)) yield* walk(value, `${path}/${key}`);
  }
}

/** Request bodies that no example can fill in: they name the caller's own webhook receiver or endpoint. */
const BODIES_WITHOUT_EXAMPLES = new Set([
  'createWebhookEndpoint',
  'updateWebhookEndpoint',
  'rotateWebhookSecret',
  'redeliverEvent',
  'createApiKey',
  'rollApiKey',
  // The request a line pays, and why it is set aside: only the admin looking at it knows.
  'matchBankStatementLine',
  'ignoreBankStatementLine',
  // The token of a mailed link: only the mail holds one.
  'verifyEmail',
  'confirmPasswordReset',
]);

describe('the OpenAPI document, used by tools as it is', () => {
  const t = useTestApp();
  const document = (): Document => generatedOpenApi(t) as unknown as Document;

  it('names a relative server (the origin that serves it) and a licence, and describes every operation', () => {
    assert.deepEqual(
      document().servers?.map((server) => server.url),
      ['/'],
    );
    assert.deepEqual(document().info.license, { name: 'Proprietary', url: 'http://127.0.0.1:3000/docs' });
    for (const { path, method, operation } of operationsOf(document())) {
      assert.ok(operation.description, `${method} ${path} has no description`);
    }
  });

  it('serves the document with its relative server, and the licence on this instance (PUBLIC_BASE_URL)', async () => {
    const served = await t.api.get('/docs/openapi.json');
    expectStatus(served, 200);
    assert.deepEqual(served.body.servers, document().servers);
    assert.equal(served.body.info.license.url, `${t.baseUrl}/docs`);
    assert.deepEqual({ ...served.body, info: undefined }, { ...document(), info: undefined });
  });

  it('has Swagger UI keep its authorization across reloads and fill an empty Idempotency-Key', async () => {
    const init = await t.api.get('/docs/swagger-ui-init.js');
    expectStatus(init, 200);
    assert.match(String(init.body), /"persistAuthorization": true/);
    assert.match(String(init.body), /"requestInterceptor": function fillIdempotencyKey\(request\)/);
  });

  it('names schemas without Dto, and every reference names a schema of the document', () => {
    const schemas = document().components.schemas;
    for (const name of ['Account', 'CreatePaymentRequest', 'PaymentPage', 'Error', 'Transaction', 'LoginResponse']) assert.ok(schemas[name], name);
    for (const name of Object.keys(schemas)) assert.doesNotMatch(name, /Dto$/, name);
    for (const { path, node } of walk(document())) {
      if (typeof node.$ref !== 'string') continue;
      const target = /^#\/components\/schemas\/(.+)$/.exec(node.$ref)?.[1];
      assert.ok(target !== undefined && schemas[target], `${path}: ${node.$ref} resolves to nothing`);
    }
  });

  it('pre-fills no parameter: none has an example (a cursor, a date, an account or an Idempotency-Key is no one value for every caller)', () => {
    for (const { path, method, operation } of operationsOf(document())) {
      for (const parameter of operation.parameters ?? []) {
        const where = `${method} ${path} ${parameter.in} ${parameter.name}`;
        assert.equal(parameter.example, undefined, where);
        assert.equal(parameter.examples, undefined, where);
        // An object filter (metadata[key]=value) shows an empty one, or Swagger UI makes up keys to filter on.
        assert.deepEqual(parameter.schema?.example, parameter.schema?.type === 'object' ? {} : undefined, where);
      }
    }
    const createTransaction = document().paths['/v1/transactions']?.post;
    const key = createTransaction?.parameters?.find((parameter) => parameter.name === 'Idempotency-Key');
    assert.equal(key?.in, 'header');
  });

  it('closes every request body object (unknown fields are 400), nested ones included, and keeps free-form ones open', () => {
    const schemas = document().components.schemas;
    const bodies = operationsOf(document()).flatMap(({ operation }) => {
      const ref = (operation.requestBody?.content['application/json'] as { schema?: { $ref?: string } } | undefined)?.schema?.$ref;
      return ref === undefined ? [] : [ref.replace('#/components/schemas/', '')];
    });
    assert.ok(bodies.length >= 17, `${bodies.length} JSON bodies`);
    for (const name of [...bodies, 'PaymentCustomerRequest']) assert.equal(schemas[name].additionalProperties, false, name);
    const metadata = (schemas.CreateTransactionRequest.properties as Record<string, { additionalProperties?: unknown }>).metadata;
    assert.deepEqual(metadata.additionalProperties, { type: 'string', maxLength: 500 });
    for (const name of ['UpdateUserRequest', 'UpdateAccountRequest', 'UpdateTransactionRequest', 'UpdateWebhookEndpointRequest'])
      assert.equal(schemas[name].minProperties, 1, name);
  });

  it('states the limits the validators enforce: email formats, non-empty names and lists, currencies, URIs', () => {
    const property = (schema: string, name: string) => (document().components.schemas[schema].properties as Record<string, Record<string, unknown>>)[name];
    for (const [schema, name] of [
      ['CreateUserRequest', 'email'],
      ['UpdateUserRequest', 'email'],
      ['CreateAccountRequest', 'email'],
      ['UpdateAccountRequest', 'email'],
      ['PaymentCustomerRequest', 'email'],
    ]) {
      assert.equal(property(schema, name).format, 'email', `${schema}.${name}`);
    }
    assert.deepEqual([property('LoginRequest', 'email').minLength, property('LoginRequest', 'password').minLength], [1, 1]);
    for (const schema of ['CreateUserRequest', 'CreateAccountRequest', 'CreateApiKeyRequest', 'PaymentCustomerRequest']) {
      assert.deepEqual([property(schema, 'name').minLength, property(schema, 'name').maxLength, property(schema, 'name').pattern], [1, 200, '\\S'], schema);
    }
    assert.deepEqual(property('CreateTransactionRequest', 'reference_ids').items, { type: 'string', minLength: 1, maxLength: 255 });
    assert.deepEqual([property('CreateApiKeyRequest', 'scopes').minItems, property('CreateApiKeyRequest', 'scopes').maxItems], [1, API_KEY_SCOPES.length]);
    assert.equal(property('CreateWebhookEndpointRequest', 'enabled_events').minItems, 1);
    assert.equal(property('CreateWebhookEndpointRequest', 'url').format, 'uri');
    assert.deepEqual(document().components.schemas.Currency.enum, [...CURRENCY_CODES]);
  });

  it('types every number as an integer, limit included (the API has no fractional numbers)', () => {
    for (const { path, node } of walk(document())) assert.notEqual(node.type, 'number', path);
    const limit = document().paths['/v1/transactions']?.get?.parameters?.find((parameter) => parameter.name === 'limit');
    assert.deepEqual(limit?.schema, { type: 'integer', minimum: 1, maximum: 100, default: 20 });
  });

  it('gives no schema property a default, which generators turn into a required field; the text says it instead', () => {
    for (const [name, schema] of Object.entries(document().components.schemas)) {
      for (const { path, node } of walk(schema, `#/components/schemas/${name}`)) assert.ok(!('default' in node), `${path} has a default`);
    }
    const role = (document().components.schemas.CreateUserRequest.properties as Record<string, { description: string }>).role;
    assert.match(role.description, /Default: `member`/);
  });

  it('documents the refresh token as a bearer scheme of its own, which refresh alone uses; no parameter is named Authorization', () => {
    const schemes = document().components.securitySchemes;
    assert.deepEqual(Object.keys(schemes).sort(), ['accessToken', 'apiKey', 'refreshToken']);
    // Swagger UI's Authorize dialog labels each "(http, Bearer)": the name and the description tell them apart.
    assert.match(String(schemes.accessToken.description), /^A person's access token: the `access_token`/);
    assert.match(String(schemes.refreshToken.description), /^A person's refresh token: the `refresh_token`/);
    assert.match(String(schemes.apiKey.description), /^A machine client's API key: the `secret`/);
    assert.deepEqual({ type: schemes.apiKey.type, scheme: schemes.apiKey.scheme }, { type: 'http', scheme: 'bearer' });
    assert.deepEqual({ type: schemes.refreshToken.type, scheme: schemes.refreshToken.scheme }, { type: 'http', scheme: 'bearer' });
    for (const { path, method, operation } of operationsOf(document())) {
      const usesRefresh = (operation.security ?? []).some((requirement) => 'refreshToken' in requirement);
      assert.equal(usesRefresh, operation.operationId === 'refreshSession', `${method} ${path}`);
      for (const parameter of operation.parameters ?? []) assert.notEqual(parameter.name.toLowerCase(), 'authorization', `${method} ${path}`);
    }
    assert.deepEqual(document().paths['/v1/auth/refresh']?.post?.security, [{ refreshToken: [] }]);
  });

  it('answers a limit that is not a page size with one problem that fits any such value', async () => {
    const signup = await t.api.post('/v1/users', { email: 'limits@example.com', password: 'correct horse battery staple', name: 'Limits' });
    expectStatus(signup, 201);
    const token = (await t.api.post('/v1/auth/login', { email: 'limits@example.com', password: 'correct horse battery staple' })).body.access_token;
    for (const limit of ['abc', '0', '101', '1.5', '-1', '']) {
      const response = await t.api.get(`/v1/users?limit=${limit}`, { token });
      expectError(response, 400, 'validation_error');
      assert.deepEqual(response.body.details, [{ field: 'limit', message: INVALID_LIMIT_MESSAGE }], `limit=${limit}`);
      assert.equal(response.body.error_description, `limit: ${INVALID_LIMIT_MESSAGE}`);
    }
    expectStatus(await t.api.get('/v1/users?limit=100', { token }), 200);
  });

  it('gives every request body named examples, except those that name what only the caller knows', () => {
    for (const { path, method, operation } of operationsOf(document())) {
      if (!operation.requestBody) continue;
      // JSON bodies, and the statements' XML and CSV, each with examples of their media type.
      const examples = Object.values(operation.requestBody.content).find((media) => media.examples !== undefined)?.examples;
      assert.equal(examples !== undefined, !BODIES_WITHOUT_EXAMPLES.has(operation.operationId), `${method} ${path}`);
    }
  });

  it('takes every request body example as it is, sent in turn by the user the signup example creates', async () => {
    const examples = (operationId: string): Record<string, unknown> => {
      const found = operationsOf(document()).find(({ operation }) => operation.operationId === operationId);
      const named = found?.operation.requestBody?.content['application/json']?.examples ?? {};
      return Object.fromEntries(Object.entries(named).map(([name, example]) => [name, example.value]));
    };
    const sent = new Set<string>();
    const send = async (operationId: string, name: string, call: (body: unknown) => Promise<ApiResponse>, status = 200): Promise<ApiResponse> => {
      const body = examples(operationId)[name];
      assert.ok(body !== undefined, `${operationId} has no example ${name}`);
      const response = await call(body);
      expectStatus(response, status);
      sent.add(`${operationId} ${name}`);
      return response;
    };

    await send('createUser', 'signup', (body) => t.api.post('/v1/users', body), 201);
    const session = (await send('login', 'login', (body) => t.api.post('/v1/auth/login', body))).body;
    const token: string = session.access_token;
    let refreshToken: string = session.refresh_token;
    const me: string = session.user.id;
    await send('updateUser', 'name', (body) => t.api.patch(`/v1/users/${me}`, body, { token }));
    await send('requestPasswordReset', 'reset', (body) => t.api.post('/v1/auth/password_reset', body), 202);
    await send('createAccount', 'business', (body) => t.api.post('/v1/accounts', body, { token }), 201);
    await send('updateAccount', 'rename', (body) => t.api.patch('/v1/accounts', body, { token }));
    const payment = await send('createTransaction', 'payment', (body) => t.api.post('/v1/transactions', body, { token }), 201);
    await send('createTransaction', 'credit', (body) => t.api.post('/v1/transactions', body, { token }), 201);
    await send('createTransaction', 'adjustment', (body) => t.api.post('/v1/transactions', body, { token }), 201);
    await send('updateTransaction', 'amend', (body) => t.api.patch(`/v1/transactions/${payment.body.id}`, body, { token }));
    for (const [request, outcome] of [
      ['invoice', 'succeeded'],
      ['invoice', 'failed'],
      ['manual', 'authorized'],
    ] as const) {
      const created = await send('createPayment', request, (body) => t.api.post('/v1/payments', body, { token }), 201);
      await send('simulatePayment', outcome, (body) => t.api.post(`/v1/payments/${created.body.id}/simulate`, body, { token }));
    }
    // Money that comes back: a partial capture, refunds of what it captured, an admin's answer and reversals.
    const authorized = (await t.api.post('/v1/payments', examples('createPayment').manual, { token })).body;
    expectStatus(await t.api.post(`/v1/payments/${authorized.id}/simulate`, { outcome: 'authorized' }, { token }), 200);
    await send('capturePayment', 'partial', (body) => t.api.post(`/v1/payments/${authorized.id}/capture`, body, { token }));
    await send('createRefund', 'partial', (body) => t.api.post(`/v1/payments/${authorized.id}/refunds`, body, { token }), 201);
    await send('createRefund', 'everything', (body) => t.api.post(`/v1/payments/${authorized.id}/refunds`, body, { token }), 201);
    const whole = (await t.api.post('/v1/payments', examples('createPayment').manual, { token })).body;
    expectStatus(await t.api.post(`/v1/payments/${whole.id}/simulate`, { outcome: 'authorized' }, { token }), 200);
    await send('capturePayment', 'everything', (body) => t.api.post(`/v1/payments/${whole.id}/capture`, body, { token }));
    const admin = await loginAdmin(t.api);
    const byTransfer = (await t.api.post('/v1/payments', { ...(examples('createPayment').invoice as object), provider: 'bank_transfer' }, { token })).body;
    const csv = `booking_date,amount,currency,reference,entry_id\r\n2026-11-25,${(byTransfer.amount / 100).toFixed(2)},${byTransfer.currency},${byTransfer.provider_reference},E-REFUND-1\r\n`;
    expectStatus(await t.api.post('/v1/bank_statements?mode=test', undefined, { token: admin.token, rawBody: csv, headers: { 'content-type': 'text/csv' } }), 200);
    await send('createBankStatementProfile', 'zkb', (body) => t.api.post('/v1/bank_statement_profiles', body, { token: admin.token }), 201);
    for (const outcome of ['succeeded', 'failed']) {
      const pending = (await t.api.post(`/v1/payments/${byTransfer.id}/refunds`, { amount: 100 }, { token })).body;
      await send('confirmRefund', outcome, (body) => t.api.post(`/v1/refunds/${pending.id}/confirm`, body, { token: admin.token }));
    }
    for (const name of ['withReason', 'bare']) {
      const credit = (await t.api.post('/v1/transactions', { type: 'credit', amount: 500, currency: 'EUR' }, { token })).body;
      expectStatus(await t.api.post(`/v1/transactions/${credit.id}/post`, undefined, { token: admin.token }), 200);
      await send('reverseTransaction', name, (body) => t.api.post(`/v1/transactions/${credit.id}/reverse`, body, { token: admin.token }), 201);
    }
    // Payouts: one from the (test-mode) account, returned by the test helper; batches take live payouts only, so none is left for them.
    const payout = await send('createPayout', 'payout', (body) => t.api.post('/v1/payouts', body, { token }), 201);
    await send('testPayoutReturned', 'closed', (body) => t.api.post(`/v1/test_helpers/payouts/${payout.body.id}/returned`, body, { token }));
    for (const name of ['all', 'named']) await send('createPayoutBatch', name, (body) => t.api.post('/v1/payout_batches', body, { token: admin.token }), 409);
    for (const name of ['rotate', 'keep']) {
      const refreshed = await send('refreshSession', name, (body) => t.api.post('/v1/auth/refresh', body, { token: refreshToken }));
      refreshToken = refreshed.body.refresh_token;
    }
    // Two factors: a code or an mfa_token of the examples is nobody's, so those are refused as such (not as malformed).
    await send('startTotpEnrolment', 'start', (body) => t.api.post('/v1/auth/mfa/totp', body, { token }));
    await send('confirmTotpEnrolment', 'confirm', (body) => t.api.post('/v1/auth/mfa/totp/confirm', body, { token }), 401);
    for (const name of ['totp', 'recovery']) await send('removeTotp', name, (body) => t.api.delete('/v1/auth/mfa/totp', body, { token }), 409);
    for (const name of ['code', 'recovery']) await send('loginWithMfa', name, (body) => t.api.post('/v1/auth/login/mfa', body), 401);
    await send('updateUser', 'password', (body) => t.api.patch(`/v1/users/${me}`, body, { token }));
    await send('invalidateSession', 'logout', (body) => t.api.delete('/v1/auth/session', body, { token }));

    // Every example of the document was sent.
    const all = operationsOf(document()).flatMap(({ operation }) => Object.keys(examples(operation.operationId)).map((name) => `${operation.operationId} ${name}`));
    assert.deepEqual([...sent].sort(), [...new Set(all)].sort());
  });

  it("shows, as example error texts, the service's own texts", async () => {
    const real = new Set<string>();
    const add = (...errors: DomainError[]) => errors.forEach((error) => real.add(`${error.code} ${error.description}`));
    // The modules' errors whose factories take nothing, and the others with the example's values.
    for (const errors of [
      AccessErrors,
      ApiKeyErrors,
      AccountErrors,
      AuthErrors,
      MfaErrors,
      BankStatementErrors,
      EventErrors,
      IdempotencyErrors,
      PaymentErrors,
      PayoutErrors,
      RefundErrors,
      TransactionErrors,
      UserErrors,
      WebhookErrors,
    ]) {
      for (const factory of Object.values(errors) as ((...args: unknown[]) => DomainError)[]) if (factory.length === 0) add(factory());
    }
    add(
      TransactionErrors.notPending('posted'),
      PaymentErrors.notPending('succeeded', 'automatic', 'canceled'),
      LedgerErrors.insufficientFunds('EUR'),
      TransactionErrors.refundExceedsPayment({ amount: 1250, amountRefunded: 1000 }),
      TransactionErrors.notPosted('pending'),
      TransactionErrors.alreadyReversed('txn_01JDQ5A0B1C2D3E4F5G6H7J8K9'),
      TransactionErrors.reversalHasRefunds({ amount: 1250, amountRefunded: 400 }),
      RefundErrors.notRefundable('pending'),
      RefundErrors.transactionBelongsToRefund('re_01JDQ5A0B1C2D3E4F5G6H7J8K9'),
      TransactionErrors.belongsToPayout({ referenceIds: ['po_01JDQ5A0B1C2D3E4F5G6H7J8K9'] }),
      PayoutErrors.notCancelable('in_transit'),
      AccountClosureErrors.payoutsInTransit(2),
      ApiKeyErrors.notActive('revoked'),
      WebhookErrors.urlNotAllowed(HTTPS_ONLY),
      BankStatementErrors.profileNotFound('ubs-export'),
      BankStatementErrors.profileExists('ubs-export'),
      BankStatementErrors.lineNotUnmatched('matched'),
      BankStatementErrors.amountMismatch({ amount: 1250, currency: 'EUR' }, { amount: 1200, currency: 'EUR' }),
      BankStatementErrors.requestNotOpen('succeeded'),
      MfaErrors.required({ mfa_token: 'mfa_2Yx7QvJr0b8kN3pLq5sT9wXc1zA4dF6gH8jK0mN2pR4', expires_at: '2026-11-21T10:20:30.123Z' }),
    );
    // What the pipeline answers, asked for.
    const signup = await t.api.post('/v1/users', { email: 'errors@example.com', password: 'correct horse battery staple', name: 'Errors' });
    expectStatus(signup, 201);
    const token = (await t.api.post('/v1/auth/login', { email: 'errors@example.com', password: 'correct horse battery staple' })).body.access_token;
    const asked: [ErrorCode, ApiResponse][] = [
      ['validation_error', await t.api.post('/v1/auth/login', { email: 'a@example.com', password: 'x', nickname: 'Ada' })],
      ['validation_error', await t.api.get('/v1/users?nickname=Ada', { token })],
      ['method_not_allowed', await t.api.request('PUT', `/v1/users/${signup.body.id}`, {}, { token })],
      ['not_found', await t.api.get('/v1/transaction', { token })],
      ['invalid_json', await t.api.post('/v1/auth/login', undefined, { rawBody: '{"email":' })],
      ['unsupported_media_type', await t.api.post('/v1/auth/login', undefined, { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } })],
      ['payload_too_large', await t.api.post('/v1/auth/login', { email: 'x'.repeat(1024 * 1024) })],
      ['immutable_field', await t.api.patch('/v1/transactions/txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', { amount: 1 }, { token })],
    ];
    for (const [code, response] of asked) {
      assert.equal(response.body.error_code, code, JSON.stringify(response.body));
      real.add(`${code} ${response.body.error_description}`);
      if (code === 'validation_error' || code === 'immutable_field') assert.deepEqual(response.body.details, ERROR_EXAMPLES[code].details);
    }
    // The answers no test provokes cheaply here (the providers' two: test/stripe-provider.e2e.ts): their texts, as written in the source.
    const source = sourceTexts();
    for (const code of ['rate_limited', 'internal_error', 'service_unavailable', 'request_header_fields_too_large', 'invalid_signature', 'provider_mode_mismatch'] as const) {
      assert.ok(source.includes(`'${ERROR_EXAMPLES[code].description}'`), `${code}: "${ERROR_EXAMPLES[code].description}" is nowhere in src/`);
      real.add(`${code} ${ERROR_EXAMPLES[code].description}`);
    }
    for (const [code, example] of Object.entries(ERROR_EXAMPLES)) {
      assert.ok(real.has(`${code} ${example.description}`), `${code}: "${example.description}" is not a text the service answers`);
    }
  });
});

function sourceTexts(): string {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') && !path.includes(join('common', 'swagger')) ? [path] : [];
    });
  return files(join(process.cwd(), 'src'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

// An application of its own, after the one above has closed (two at once in a file share process-wide state).
describe('the OpenAPI document behind a proxy', () => {
  it('serves, behind a proxy that adds a path (PUBLIC_BASE_URL with a path), that path as the server', async () => {
    const proxied = await startTestApp({ PUBLIC_BASE_URL: 'https://pay.example.com/api/' });
    try {
      const served = await proxied.api.get('/docs/openapi.json');
      expectStatus(served, 200);
      assert.deepEqual(
        served.body.servers.map((server: { url: string }) => server.url),
        ['/api'],
      );
    } finally {
      await proxied.close();
    }
  });
});

/** openapi-typescript as the typed client installs it (npm run client:check; CI runs that before the tests). */
const OPENAPI_TYPESCRIPT = join(process.cwd(), 'clients', 'typescript', 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

describe('openapi-typescript from the repository root', () => {
  it(
    'generates types with its documented command (no Redocly config with `apis` at the root for it to read instead)',
    { skip: existsSync(OPENAPI_TYPESCRIPT) ? false : 'openapi-typescript is not installed: npm run client:check installs it' },
    () => {
      const output = join(mkdtempSync(join(tmpdir(), 'openapi-ts-')), 'api.d.ts');
      execFileSync(process.execPath, [OPENAPI_TYPESCRIPT, 'docs/openapi.json', '-o', output], { cwd: process.cwd(), stdio: 'pipe' });
      const types = readFileSync(output, 'utf8');
      assert.match(types, /export interface paths \{/);
      assert.match(types, /"\/v1\/transactions": \{/);
    },
  );
});
