import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountOwner, expectError, expectStatus, registerAndLogin, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { useTestApp } from './support/test-app';

describe('HTTP conventions', () => {
  const t = useTestApp();

  it('answers malformed JSON with 400 invalid_json', async () => {
    expectError(await t.api.post('/v1/auth/login', undefined, { rawBody: '{"email":' }), 400, 'invalid_json');
  });

  it('answers an empty JSON body with 400 invalid_json', async () => {
    expectError(await t.api.post('/v1/auth/login', undefined, { rawBody: '', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
  });

  it('answers a body that is not JSON with 415 unsupported_media_type', async () => {
    const plain = await t.api.post('/v1/auth/login', undefined, { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } });
    expectError(plain, 415, 'unsupported_media_type');
    const form = await t.api.post('/v1/auth/login', undefined, {
      rawBody: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(form, 415, 'unsupported_media_type');
  });

  it('answers a body over 1 MiB with 413 payload_too_large', async () => {
    const huge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
    expectError(await t.api.post('/v1/auth/login', undefined, { rawBody: huge }), 413, 'payload_too_large');
  });

  it('answers unknown routes with 404 not_found in the error schema', async () => {
    expectError(await t.api.get('/v1/nothing-here'), 404, 'not_found');
    expectError(await t.api.get('/'), 404, 'not_found');
  });

  it('refuses unknown body fields with 400 validation_error and names them', async () => {
    const response = await t.api.post('/v1/users', { email: 'x@example.com', password: 'a sufficiently long passphrase 7', name: 'X', admin: true });
    expectError(response, 400, 'validation_error');
    assert.deepEqual(response.body.details, [{ field: 'admin', message: 'is not an accepted field' }]);
  });

  it('reports every invalid field in details', async () => {
    const response = await t.api.post('/v1/users', { email: 'not-an-email', password: 42 });
    expectError(response, 400, 'validation_error');
    const fields = new Set(response.body.details.map((problem: { field: string }) => problem.field));
    assert.deepEqual([...fields].sort(), ['email', 'name', 'password']);
  });

  it('refuses a JSON body that is not an object', async () => {
    for (const rawBody of ['[1,2]', '"text"', '42']) {
      const response = await t.api.post('/v1/users', undefined, { rawBody });
      expectError(response, 400, 'validation_error');
      assert.deepEqual(response.body.details, [{ field: 'body', message: 'must be a JSON object' }]);
    }
  });

  it('refuses a prototype-poisoning body', async () => {
    const response = await t.api.post('/v1/users', undefined, { rawBody: '{"__proto__":{"role":"admin"}}' });
    assert.equal(response.status, 400);
    assert.ok(['invalid_json', 'validation_error'].includes(response.body.error_code));
  });

  it('refuses a body sent to an operation that takes none, instead of ignoring it', async () => {
    const owner = await accountOwner(t.api);
    const other = await accountOwner(t.api);
    const close = await t.api.delete('/v1/auth/close', { account_id: other.accountId }, { token: owner.token });
    expectError(close, 400, 'validation_error');
    assert.deepEqual(close.body.details, [{ field: 'body', message: 'this operation takes no request body' }]);
    const own = await t.api.get('/v1/account', { token: owner.token });
    expectStatus(own, 200);
    assert.equal(own.body.status, 'open');
    expectStatus(await t.api.delete('/v1/auth/close', {}, { token: owner.token }), 200);
  });

  it('refuses any body on the other operations that take none, and takes an empty one with a JSON content type', async () => {
    const { token, user } = await registerAndLogin(t.api);
    for (const rawBody of ['[]', '{"reason":"x"}', '"text"']) {
      expectError(await t.api.delete(`/v1/users/${user.id}`, undefined, { token, rawBody }), 400, 'validation_error');
    }
    // Some SDKs send the header on every request: an empty DELETE body is no body.
    const empty = await t.api.delete('/v1/auth/session', undefined, { token, rawBody: '', headers: { 'content-type': 'application/json' } });
    expectStatus(empty, 200);
  });

  it('answers a known path asked with another method with 405 and the methods it serves', async () => {
    const response = await t.api.request('PUT', '/v1/users', {});
    expectError(response, 405, 'method_not_allowed');
    assert.equal(response.headers.get('allow'), 'GET, HEAD, POST');
    const byId = await t.api.request('POST', '/v1/users/usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', {});
    expectError(byId, 405, 'method_not_allowed');
    assert.equal(byId.headers.get('allow'), 'DELETE, GET, HEAD, PATCH');
  });

  it('refuses bodies nested deeper than 32 levels and NUL characters in nested keys and values', async () => {
    const owner = await accountOwner(t.api);
    const deep = `{"preferences":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    expectError(await t.api.patch('/v1/accounts', undefined, { token: owner.token, rawBody: deep }), 400, 'validation_error');
    expectError(await t.api.patch('/v1/accounts', { preferences: { nested: { value: 'a\u0000b' } } }, { token: owner.token }), 400, 'validation_error');
    const key = await t.api.patch('/v1/accounts', { preferences: { 'a\u0000b': 1 } }, { token: owner.token });
    expectError(key, 400, 'validation_error');
    assert.equal(key.body.details[0].field, 'preferences');
  });

  it('reports a bad free-form object together with the other invalid fields', async () => {
    const owner = await accountOwner(t.api);
    const response = await t.api.patch('/v1/accounts', { preferences: 'dark', email: 'nope', bogus: 1 }, { token: owner.token });
    expectError(response, 400, 'validation_error');
    const fields = response.body.details.map((problem: { field: string }) => problem.field).sort();
    assert.deepEqual(fields, ['bogus', 'email', 'preferences']);
  });

  it('refuses null where a field may only be left out', async () => {
    const { token, user } = await registerAndLogin(t.api);
    for (const body of [{ name: null }, { email: null }, { password: null, current_password: 'x' }]) {
      const response = await t.api.patch(`/v1/users/${user.id}`, body, { token });
      expectError(response, 400, 'validation_error');
      assert.equal(response.body.details[0].field, Object.keys(body)[0]);
    }
    expectError(await t.api.post('/v1/users', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'N', role: null }), 400, 'validation_error');
  });

  it('refuses the NUL character in any string, on every database alike', async () => {
    const signup = await t.api.post('/v1/users', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Ada\u0000' });
    expectError(signup, 400, 'validation_error');
    assert.equal(signup.body.details[0].field, 'name');
    const { token } = await registerAndLogin(t.api);
    expectError(await t.api.get('/v1/users?email=a%00b%40example.com', { token }), 400, 'validation_error');
    expectError(await t.api.delete('/v1/auth/session', { reason: 'lost\u0000phone' }, { token }), 400, 'validation_error');
  });

  it('checks the length of an email as it is stored, after lower-casing', async () => {
    // 'İ' (U+0130) becomes two characters when lower-cased.
    const email = `${'İ'.repeat(120)}@example.com`;
    const response = await t.api.post('/v1/users', { email, password: STRONG_PASSWORD, name: 'Long' });
    expectError(response, 400, 'validation_error');
    assert.equal(response.body.details[0].field, 'email');
  });

  it('echoes a valid X-Request-Id and generates one otherwise', async () => {
    const echoed = await t.api.get('/health', { headers: { 'x-request-id': 'client-trace.42' } });
    assert.equal(echoed.headers.get('x-request-id'), 'client-trace.42');
    const replaced = await t.api.get('/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9A-Z]{26}$/);
    const error = await t.api.get('/v1/users', { headers: { 'x-request-id': 'trace-7' } });
    expectError(error, 401, 'unauthorized');
    assert.equal(error.body.request_id, 'trace-7');
  });

  it('answers a malformed or foreign-prefix id in a path with 404, never 400 or 500', async () => {
    const { token } = await registerAndLogin(t.api);
    for (const id of ['nope', 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', 'usr_%27%3B--', 'usr_' + 'Z'.repeat(300), 'usr_' + 'Z'.repeat(3000)]) {
      const response = await t.api.get(`/v1/users/${id}`, { token });
      expectError(response, 404, 'user_not_found');
    }
    // A path the router cannot even decode.
    expectError(await t.api.get('/v1/users/%E0%A4%A', { token }), 404, 'user_not_found');
  });

  it('answers an id the router cannot even decode with 404 <resource>_not_found for every resource family addressed by id', async () => {
    const { token } = await registerAndLogin(t.api);
    // The families a resource is read from by id (GET /v1/<family>/:id); a provider's notification route is no resource.
    const readById = t.routes.filter((route) => route.method === 'GET');
    const families = [...new Set(readById.map((route) => /^\/v1\/([a-z_]+)\/:[a-z_]+$/.exec(route.url)?.[1]).filter((family) => family !== undefined))];
    assert.ok(families.includes('events') && families.includes('webhook_endpoints') && families.includes('payout_batches'), families.join());
    for (const family of families) {
      const response = await t.api.get(`/v1/${family}/%E0%A4%A`, { token });
      expectError(response, 404, `${family.replace(/ches$/, 'ch').replace(/s$/, '')}_not_found`);
    }
  });

  it('validates pagination parameters', async () => {
    const { token } = await registerAndLogin(t.api);
    const refused = ['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'limit=0x10', 'limit=1e1', 'limit=%205', 'limit[a]=1', 'limit[]=1'];
    refused.push('cursor=%25%25%25', 'cursor=eyJmb28iOjF9', 'cursor[a]=1', 'unknown=1', 'constructor=1', '__proto__=1');
    for (const query of refused) {
      for (const list of ['/v1/users', '/v1/transactions']) {
        const response = await t.api.get(`${list}?${query}`, { token });
        assert.equal(response.status, 400, `${list}?${query}`);
        expectError(response, 400, 'validation_error');
        assert.ok(response.body.details.length > 0, query);
      }
    }
    expectStatus(await t.api.get('/v1/users?limit=100', { token }), 200);
  });

  it('refuses constructor and __proto__ as body fields, which class-transformer would never copy', async () => {
    const { token } = await registerAndLogin(t.api);
    for (const field of ['constructor', '__proto__']) {
      const response = await t.api.post('/v1/transactions', null, {
        token,
        rawBody: `{"type":"payment","amount":1,"currency":"EUR","${field}":"x"}`,
      });
      assert.equal(response.status, 400, field);
      assert.ok(['validation_error', 'invalid_json'].includes(response.body.error_code), field);
    }
    const constructorField = await t.api.post('/v1/accounts', { type: 'business', name: 'Acme', email: 'a@b.example', constructor: 'x' }, { token });
    expectError(constructorField, 400, 'validation_error');
    assert.deepEqual(constructorField.body.details, [{ field: 'constructor', message: 'is not an accepted field' }]);
  });

  it('refuses body fields named like Object.prototype members (toString, valueOf, __defineGetter__...) as any unknown field', async () => {
    const { token, user } = await registerAndLogin(t.api);
    const names = Object.getOwnPropertyNames(Object.prototype);
    assert.ok(names.length >= 12, names.join());
    for (const field of names) {
      const response = await t.api.post('/v1/accounts', null, { token, rawBody: `{"type":"business","name":"Acme","email":"a@b.example","${field}":"x"}` });
      assert.equal(response.status, 400, field);
      assert.ok(['validation_error', 'invalid_json'].includes(response.body.error_code), field);
      if (field !== '__proto__') assert.deepEqual(response.body.details, [{ field, message: 'is not an accepted field' }], field);
    }
    // On a route whose body is all optional fields too.
    const patch = await t.api.patch(`/v1/users/${user.id}`, null, { token, rawBody: '{"hasOwnProperty":"x"}' });
    expectError(patch, 400, 'validation_error');
  });

  it('refuses lone surrogates, which no database can store as text', async () => {
    const { token } = await registerAndLogin(t.api);
    const body = `{"type":"business","name":"Acme \\ud800","email":"a@b.example"}`;
    const response = await t.api.post('/v1/accounts', null, { token, rawBody: body });
    expectError(response, 400, 'validation_error');
    assert.equal(response.body.details[0].field, 'name');
    expectStatus(await t.api.post('/v1/accounts', { type: 'business', name: 'Acme \u{1F600}', email: 'a@b.example' }, { token }), 201);
  });

  it('counts length limits in code points, as PostgreSQL does, so no value outgrows its column', async () => {
    const owner = await accountOwner(t.api);
    // Each unit is two code points, of which class-validator's Length would count only one.
    const description = 'a\uFE0F'.repeat(300);
    const tooLong = await t.api.post('/v1/transactions', { type: 'payment', amount: 1, currency: 'EUR', description }, { token: owner.token });
    expectError(tooLong, 400, 'validation_error');
    assert.equal(tooLong.body.details[0].field, 'description');
    const name = '\u{1F600}'.repeat(200);
    expectStatus(await t.api.patch('/v1/accounts', { name }, { token: owner.token }), 200);
    expectError(await t.api.patch('/v1/accounts', { name: `${name}x` }, { token: owner.token }), 400, 'validation_error');
  });

  it('serves liveness and readiness without a token', async () => {
    const live = await t.api.get('/health');
    expectStatus(live, 200);
    assert.deepEqual(live.body, { status: 'ok' });
    const ready = await t.api.get('/health/ready');
    expectStatus(ready, 200);
    assert.deepEqual(ready.body, { status: 'ok', checks: { database: 'ok', redis: 'not_configured', replica: 'not_configured', replica_lag_ms: null } });
  });

  it('serves the Swagger UI and the OpenAPI document', async () => {
    const ui = await t.api.get('/docs');
    assert.equal(ui.status, 200);
    assert.match(String(ui.body), /swagger/i);
    const document = await t.api.get('/docs/openapi.json');
    expectStatus(document, 200);
    assert.equal(document.body.openapi.startsWith('3.'), true);
    assert.ok(document.body.paths['/v1/auth/login']);
  });
});
