import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { ApiResponse } from './support/api-client';
import { createPayment } from './support/checkout-page';
import { accountOwner, expectError, expectStatus, registerAndLogin } from './support/factories';
import { useTestApp } from './support/test-app';

const STRICT_CSP = "default-src 'none';frame-ancestors 'none'";
const ALLOWED_ORIGIN = 'https://app.example.com';

function assertApiHeaders(response: { headers: Headers }, label: string): void {
  assert.equal(response.headers.get('cache-control'), 'no-store', label);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff', label);
  assert.equal(response.headers.get('content-security-policy'), STRICT_CSP, label);
  assert.equal(response.headers.get('x-frame-options'), 'DENY', label);
  assert.ok(response.headers.get('x-request-id'), label);
}

function assertNoCors(response: ApiResponse, label: string): void {
  for (const name of response.headers.keys()) assert.ok(!name.startsWith('access-control-'), `${label}: ${name}`);
}

/** Sends raw bytes on a fresh connection and returns everything the server wrote before closing it. */
function sendRaw(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    // The server may close while the client still writes (a header larger than it reads).
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
  });
}

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: any;
}

/** The last HTTP/1.1 response in `raw` (a connection may carry several). */
function parseLastResponse(raw: string): RawResponse {
  const start = [...raw.matchAll(/HTTP\/1\.1 \d{3} /g)].at(-1)?.index ?? -1;
  assert.ok(start >= 0, `no HTTP response in ${JSON.stringify(raw)}`);
  const [head, body] = raw.slice(start).split('\r\n\r\n', 2);
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as [string, string]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

function assertParserError(response: RawResponse, status: number, code: string): void {
  assert.equal(response.status, status);
  assert.deepEqual(Object.keys(response.body).sort(), ['error_code', 'error_description', 'request_id']);
  assert.equal(response.body.error_code, code);
  assert.match(response.headers.get('x-request-id') ?? '', /^[0-9A-Z]{26}$/);
  assert.equal(response.body.request_id, response.headers.get('x-request-id'));
  assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('content-security-policy'), STRICT_CSP);
  assert.equal(response.headers.get('connection'), 'close');
}

describe('HTTP hygiene: security headers', () => {
  const t = useTestApp();

  it('puts no-store, nosniff and a strict CSP on every API answer: successes, tokens, errors, 404, 405, 413, 415', async () => {
    const { token } = await registerAndLogin(t.api);
    const answers: [string, ApiResponse][] = [
      ['liveness', await t.api.get('/health')],
      ['login refused', await t.api.post('/v1/auth/login', { email: 'nobody@example.com', password: 'wrong password for nobody' })],
      ['a read', await t.api.get('/v1/auth/sessions', { token })],
      ['401', await t.api.get('/v1/users')],
      ['404', await t.api.get('/v1/nothing-here')],
      ['405', await t.api.request('PUT', '/v1/users', {})],
      ['400 invalid_json', await t.api.post('/v1/auth/login', undefined, { rawBody: '{' })],
      ['413', await t.api.post('/v1/auth/login', undefined, { rawBody: JSON.stringify({ email: 'x'.repeat(1024 * 1024) }) })],
      ['415', await t.api.post('/v1/auth/login', undefined, { rawBody: 'a', headers: { 'content-type': 'text/plain' } })],
    ];
    for (const [label, response] of answers) assertApiHeaders(response, label);
    // The document is served under /docs, with the Swagger UI's policy; no-store and nosniff all the same.
    const document = await t.api.get('/docs/openapi.json');
    assert.equal(document.headers.get('cache-control'), 'no-store');
    assert.equal(document.headers.get('x-content-type-options'), 'nosniff');
  });

  it('answers a successful login, which carries tokens, with no-store', async () => {
    const { email, password } = await registerAndLogin(t.api);
    const login = await t.api.post('/v1/auth/login', { email, password });
    expectStatus(login, 200);
    assert.ok(login.body.access_token);
    assertApiHeaders(login, 'login');
  });

  it('gives /docs (Swagger UI) a policy of its own: scripts of this site only, never framed', async () => {
    const page = await fetch(`${t.baseUrl}/docs`);
    assert.equal(page.status, 200);
    await page.text();
    const policy = page.headers.get('content-security-policy') ?? '';
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /connect-src 'self'/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.doesNotMatch(policy, /unsafe-eval/);
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(page.headers.get('cache-control'), 'no-store');
    const bundle = await fetch(`${t.baseUrl}/docs/swagger-ui-bundle.js`);
    assert.equal(bundle.status, 200);
    await bundle.arrayBuffer();
    assert.equal(bundle.headers.get('content-security-policy'), policy);
    assert.equal(bundle.headers.get('x-content-type-options'), 'nosniff');
  });

  it('leaves the checkout page its own headers (page-headers.ts), not the API policy', async () => {
    const owner = await accountOwner(t.api);
    const payment = await createPayment(t.api, owner.token);
    const page = await fetch(payment.payment_url);
    await page.text();
    const policy = page.headers.get('content-security-policy') ?? '';
    assert.notEqual(policy, STRICT_CSP);
    assert.match(policy, /style-src 'sha256-/);
    assert.match(policy, /form-action 'self'/);
    assert.equal(page.headers.get('referrer-policy'), 'same-origin');
    assert.equal(page.headers.get('cache-control'), 'no-store');
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    const missing = await fetch(`${t.baseUrl}/pay/${'A'.repeat(32)}`);
    await missing.text();
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-security-policy') ?? '', /style-src 'sha256-/);
  });
});

describe('HTTP hygiene: CORS off (CORS_ORIGINS unset)', () => {
  const t = useTestApp();

  it('sends no CORS header and answers a preflight like any OPTIONS: 405 with Allow, or 404', async () => {
    const preflight = await t.api.request('OPTIONS', '/v1/users', undefined, { headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST' } });
    expectError(preflight, 405, 'method_not_allowed');
    assert.equal(preflight.headers.get('allow'), 'GET, HEAD, POST');
    assertNoCors(preflight, 'preflight');
    const read = await t.api.get('/health', { headers: { origin: ALLOWED_ORIGIN } });
    expectStatus(read, 200);
    assertNoCors(read, 'read');
  });
});

describe('HTTP hygiene: CORS with CORS_ORIGINS', () => {
  const t = useTestApp({ CORS_ORIGINS: `${ALLOWED_ORIGIN}, http://localhost:5173` });
  const preflightHeaders = (origin: string) => ({
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization, content-type, idempotency-key',
  });

  it('answers a preflight from a listed origin with 204 and what the browser needs', async () => {
    const response = await t.api.request('OPTIONS', '/v1/transactions', undefined, { headers: preflightHeaders(ALLOWED_ORIGIN) });
    expectStatus(response, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), ALLOWED_ORIGIN);
    assert.match(response.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(response.headers.get('access-control-allow-methods') ?? '', /PATCH/);
    const allowedHeaders = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    for (const header of ['authorization', 'content-type', 'idempotency-key']) assert.ok(allowedHeaders.includes(header), header);
    assert.equal(response.headers.get('access-control-max-age'), '600');
    assert.equal(response.headers.get('access-control-allow-credentials'), null);
    assert.match(response.headers.get('vary') ?? '', /Origin/);
    assertApiHeaders(response, 'preflight');
    const other = await t.api.request('OPTIONS', '/v1/users', undefined, { headers: preflightHeaders('http://localhost:5173') });
    expectStatus(other, 204);
    assert.equal(other.headers.get('access-control-allow-origin'), 'http://localhost:5173');
  });

  it('gives a listed origin its CORS headers on real answers, errors included, and lets it read the request id', async () => {
    for (const response of [await t.api.get('/health', { headers: { origin: ALLOWED_ORIGIN } }), await t.api.get('/v1/users', { headers: { origin: ALLOWED_ORIGIN } })]) {
      assert.equal(response.headers.get('access-control-allow-origin'), ALLOWED_ORIGIN);
      assert.match(response.headers.get('access-control-expose-headers') ?? '', /x-request-id/);
      assert.match(response.headers.get('vary') ?? '', /Origin/);
      assertApiHeaders(response, String(response.status));
    }
  });

  it('gives any other origin no CORS header at all: its preflight is a 405 (or 404) in the error body', async () => {
    for (const origin of ['https://evil.example.com', 'https://app.example.com.evil.example', 'null', 'http://app.example.com']) {
      const preflight = await t.api.request('OPTIONS', '/v1/users', undefined, { headers: preflightHeaders(origin) });
      expectError(preflight, 405, 'method_not_allowed');
      assertNoCors(preflight, origin);
      const read = await t.api.get('/health', { headers: { origin } });
      expectStatus(read, 200);
      assertNoCors(read, origin);
    }
    const unknown = await t.api.request('OPTIONS', '/v1/nothing-here', undefined, { headers: preflightHeaders('https://evil.example.com') });
    expectError(unknown, 404, 'not_found');
    assertNoCors(unknown, 'unknown path');
  });

  it('answers an OPTIONS that is no preflight (no Access-Control-Request-Method) as any other method: 405', async () => {
    const response = await t.api.request('OPTIONS', '/v1/users', undefined, { headers: { origin: ALLOWED_ORIGIN } });
    expectError(response, 405, 'method_not_allowed');
    const bare = await t.api.request('OPTIONS', '/v1/users', undefined);
    expectError(bare, 405, 'method_not_allowed');
  });

  it('keeps the route table as it was: the OPTIONS catch-all serves no path, unknown routes stay 404', async () => {
    assert.ok(!t.routes.some((route) => route.url === '*'));
    expectError(await t.api.get('/v1/nothing-here', { headers: { origin: ALLOWED_ORIGIN } }), 404, 'not_found');
    const put = await t.api.request('PUT', '/v1/users', {}, { headers: { origin: ALLOWED_ORIGIN } });
    expectError(put, 405, 'method_not_allowed');
    assert.equal(put.headers.get('allow'), 'GET, HEAD, POST');
  });
});

describe('HTTP hygiene: requests the HTTP parser refuses', () => {
  const t = useTestApp();

  it('answers a 17 KB header with 431 request_header_fields_too_large in the error body, with a request id', async () => {
    const raw = await sendRaw(t.baseUrl, `GET /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`);
    assertParserError(parseLastResponse(raw), 431, 'request_header_fields_too_large');
  });

  it('answers a request with both Content-Length and Transfer-Encoding with 400 validation_error', async () => {
    const raw = await sendRaw(
      t.baseUrl,
      'POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    );
    const response = parseLastResponse(raw);
    assertParserError(response, 400, 'validation_error');
    assert.match(response.body.error_description, /Content-Length|Transfer-Encoding/);
  });

  it('answers malformed request lines and headers with 400 validation_error', async () => {
    for (const bytes of [
      'G@T /health HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /health HTTP/9.9\r\nHost: x\r\n\r\n',
      'GET /health HTTP/1.1\r\nBad Header: x\r\n\r\n',
      'GET /he alth HTTP/1.1\r\nHost: x\r\n\r\n',
    ]) {
      assertParserError(parseLastResponse(await sendRaw(t.baseUrl, bytes)), 400, 'validation_error');
    }
  });

  it('answers the good requests of a kept-alive connection, then refuses the malformed one and closes it', async () => {
    const raw = await sendRaw(t.baseUrl, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\nG@T /health HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.match(raw, /^HTTP\/1\.1 200 OK\r\n/);
    assertParserError(parseLastResponse(raw), 400, 'validation_error');
  });

  it('still serves new connections afterwards', async () => {
    expectStatus(await t.api.get('/health'), 200);
  });
});
