import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_STATUS } from '../src/common/errors/error-codes';
import { EVENT_TYPES } from '../src/common/events/event-log';
import { REFUSED_KEY_NOTE } from '../src/idempotency/idempotency.http';
import { committedOpenApi, generatedOpenApi } from './support/openapi-document';
import { expectError } from './support/factories';
import { useTestApp } from './support/test-app';

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Routes reachable without an access token, on purpose. Everything else must answer 401 without one. */
const PUBLIC_ROUTES = new Set([
  'GET /health',
  'GET /health/ready',
  'POST /v1/auth/login',
  'POST /v1/auth/refresh',
  // The second step of a login: its mfa_token is the key (test/two-factors.e2e.ts).
  'POST /v1/auth/login/mfa',
  'POST /v1/users',
  // Mailed links (contract section 22): the token is the key; a reset request is open to anyone.
  'POST /v1/auth/verify_email',
  'POST /v1/auth/password_reset',
  'POST /v1/auth/password_reset/confirm',
  // The hosted checkout page: its token is the key (test/checkout.e2e.ts).
  'GET /pay/:checkout_token',
  'POST /pay/:checkout_token',
  // Providers' signed notifications: the provider's signature is the key (test/stripe-provider.e2e.ts).
  'POST /v1/providers/:provider/notifications',
  // Swagger UI, its assets and the OpenAPI document.
  'GET /docs',
  'GET /docs/',
  'GET /docs/*',
  'GET /docs/index.html',
  'GET /docs/LICENSE',
  'GET /docs/swagger-ui-init.js',
  'GET /docs/docs/swagger-ui-init.js',
  'GET /docs/openapi.json',
]);

/** The parts of an operation the idempotency test reads. */
interface DocumentedOperation {
  parameters?: { name?: string; in?: string }[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { examples?: Record<string, unknown> }> }>;
  'x-idempotent'?: unknown;
}

describe('OpenAPI document and route protection', () => {
  // With /metrics on: an operator's route outside the document, which refuses a request without its token like the rest.
  const t = useTestApp({ METRICS_TOKEN: 'openapi-test-metrics-token' });

  it('matches the committed docs/openapi.json (run `npm run openapi:write` after an API change)', () => {
    assert.deepEqual(generatedOpenApi(t), committedOpenApi());
  });

  it('shows one example event per type, each object with exactly the fields of its resource schema', () => {
    const document = generatedOpenApi(t);
    const response = (document.paths['/v1/events/{event_id}'].get as DocumentedOperation).responses['200'];
    const examples = response.content?.['application/json'].examples as Record<string, { value: { type: string; data: { object: object } } }>;
    assert.deepEqual(Object.keys(examples), [...EVENT_TYPES]);
    const schemaOf: Record<string, string> = {
      account: 'Account',
      user: 'User',
      transaction: 'Transaction',
      payment: 'Payment',
      refund: 'Refund',
      payout: 'Payout',
      balance: 'BalanceEventObject',
    };
    const schemas = (document as unknown as { components: { schemas: Record<string, { properties: Record<string, unknown>; allOf?: unknown }> } }).components.schemas;
    for (const [type, { value }] of Object.entries(examples)) {
      assert.equal(value.type, type);
      const schema = schemas[schemaOf[type.split('.')[0]]];
      const fields = Object.keys(schema.properties ?? {}).sort();
      if (type === 'balance.updated') fields.push(...Object.keys(schemas.Balance.properties));
      assert.deepEqual(Object.keys(value.data.object).sort(), [...new Set(fields)].sort(), type);
    }
  });

  it('gives every operation an operation id, a summary, a success response and documented errors', () => {
    const document = generatedOpenApi(t);
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const name = `${method.toUpperCase()} ${path}`;
        assert.ok(operation.operationId, `${name} has no operationId`);
        assert.ok(!operationIds.has(operation.operationId), `${name}: duplicate operationId ${operation.operationId}`);
        operationIds.add(operation.operationId);
        assert.ok(operation.summary, `${name} has no summary`);
        const responses = operation.responses as Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }>;
        const statuses = Object.keys(responses);
        assert.ok(
          statuses.some((status) => status.startsWith('2')),
          `${name} documents no success response`,
        );
        assert.ok(statuses.includes('500'), `${name} does not document 500`);
        // The probes are not rate limited, and only readiness looks at the database.
        if (!path.startsWith('/health')) assert.ok(statuses.includes('429') && statuses.includes('503'), `${name} does not document 429 and 503`);
        for (const status of statuses.filter((status) => Number(status) >= 400)) {
          const examples = Object.keys(responses[status].content?.['application/json']?.examples ?? {});
          assert.ok(examples.length > 0, `${name} ${status} has no error example`);
          for (const code of examples) {
            assert.equal(ERROR_STATUS[code as keyof typeof ERROR_STATUS], Number(status), `${name}: ${code} documented under ${status}`);
          }
        }
      }
    }
  });

  it('documents Idempotency-Key, its replay header and its errors on every creating POST, and nowhere else', () => {
    const document = generatedOpenApi(t);
    const idempotent = [
      '/v1/accounts',
      '/v1/payments',
      '/v1/payments/{payment_id}/refunds',
      '/v1/payouts',
      '/v1/transactions',
      '/v1/transactions/{transaction_id}/reverse',
      '/v1/users',
    ];
    // Answers holding a secret refuse the key (contract section 18), and say so where the header is described.
    const refusing = ['/v1/api_keys', '/v1/api_keys/{api_key_id}/roll', '/v1/webhook_endpoints', '/v1/webhook_endpoints/{endpoint_id}/rotate_secret'];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as DocumentedOperation | undefined;
        if (!operation) continue;
        const keyHeader = (operation.parameters ?? []).find((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
        if (method === 'post' && refusing.includes(path)) {
          // Not declared (no parameter can say "must be absent"): the description says that any value, even empty, is 400.
          assert.equal(keyHeader, undefined, `${method} ${path}`);
          assert.ok(String((operation as { description?: string }).description).endsWith(REFUSED_KEY_NOTE), `${method} ${path}`);
          continue;
        }
        const takesKey = keyHeader !== undefined;
        assert.equal(takesKey, method === 'post' && idempotent.includes(path), `${method} ${path}`);
        if (!takesKey) continue;
        assert.ok(operation.responses['201'].headers?.['Idempotent-Replayed'], `${method} ${path}: Idempotent-Replayed`);
        assert.ok(operation.responses['409'].content?.['application/json'].examples?.idempotency_request_in_progress, `${method} ${path}: 409`);
        assert.ok(operation.responses['422'].content?.['application/json'].examples?.idempotency_key_reused, `${method} ${path}: 422`);
        assert.equal(operation['x-idempotent'], undefined, 'the internal extension is removed');
      }
    }
  });

  it('documents bearer security on every operation except the public ones', () => {
    const document = generatedOpenApi(t);
    assert.deepEqual(document.security, [{ accessToken: [] }]);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const isPublic = PUBLIC_ROUTES.has(`${method.toUpperCase()} ${path}`);
        if (isPublic) assert.ok(operation.security !== undefined, `${method} ${path} is public but documented as needing a token`);
        else {
          // An access token, and where the operation declares a scope, an API key holding it.
          const schemes = (operation.security ?? []).map((requirement: Record<string, unknown>) => Object.keys(requirement).join(','));
          const scope = (operation as { 'x-required-scope'?: string })['x-required-scope'];
          assert.deepEqual(schemes, scope === undefined ? ['accessToken'] : ['accessToken', 'apiKey'], `${method} ${path}`);
        }
      }
    }
  });

  it('documents the 403 that an API key gets on every session-only operation', () => {
    const document = generatedOpenApi(t);
    const sessionOnly: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as (DocumentedOperation & { description?: string }) | undefined;
        if (!operation?.description?.includes('Access token only: API keys get `403`.')) continue;
        sessionOnly.push(`${method.toUpperCase()} ${path}`);
        assert.ok(operation.responses['403']?.content?.['application/json'].examples?.insufficient_permissions, `${method} ${path}`);
      }
    }
    assert.ok(sessionOnly.includes('GET /v1/auth/sessions'), sessionOnly.join(', '));
  });

  it('refuses every registered non-public route without a token', async () => {
    const checked: string[] = [];
    for (const route of t.routes) {
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      const key = `${route.method} ${route.url}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      const path = route.url.replace(/:(\w+)/g, (_, name: string) => `${name.split('_')[0].slice(0, 3)}_01JDQ4Z8X9T2M3N4P5Q6R7S8T9`);
      const response = await t.api.request(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expectError(response, 401, 'unauthorized');
      checked.push(key);
    }
    // Guard against a vacuous pass: the API's protected routes were all reached.
    for (const expected of ['GET /v1/users', 'DELETE /v1/auth/session', 'GET /v1/auth/accounts', 'DELETE /v1/auth/close', 'PATCH /v1/users/:user_id', 'GET /metrics']) {
      assert.ok(checked.includes(expected), `${expected} was not checked`);
    }
  });

  it('lists no public route that the application does not register', () => {
    const registered = new Set(t.routes.map((route) => `${route.method} ${route.url}`));
    for (const route of ['GET /health', 'GET /health/ready', 'POST /v1/auth/login', 'POST /v1/auth/refresh', 'POST /v1/users', 'GET /docs/openapi.json']) {
      assert.ok(registered.has(route), `${route} is not registered`);
    }
  });
});
