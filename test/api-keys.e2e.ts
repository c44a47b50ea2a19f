import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { before, describe, it } from 'node:test';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { PUBLIC_ROUTE, PublicRouteOptions } from '../src/auth/decorators/public.decorator';
import { REQUIRED_SCOPE, RouteScope } from '../src/auth/decorators/scope.decorator';
import { RESOURCE_SCOPES, ResourceScope } from '../src/common/access/scopes';
import { ApiClient } from './support/api-client';
import { accountMember, accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { idPattern, ISO_TIMESTAMP } from './support/shapes';
import { sql } from './support/sql';
import { useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };
interface CreatedKey {
  id: string;
  secret: string;
  [field: string]: unknown;
}

const KEY_FIELDS = ['account_id', 'created_at', 'created_by', 'expires_at', 'id', 'last_used_at', 'livemode', 'mode', 'name', 'prefix', 'revoked_at', 'scopes'];
const ALL_RESOURCE_SCOPES = [...RESOURCE_SCOPES];
const HTTP_METHOD_NAMES = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD', 'SEARCH'];

async function createKey(api: ApiClient, token: string, body: Record<string, unknown>): Promise<CreatedKey> {
  const response = await api.post('/v1/api_keys', { name: 'Integration', ...body }, { token });
  expectStatus(response, 201);
  return response.body;
}

interface DeclaredRoute {
  route: string;
  scope: RouteScope | undefined;
  public: PublicRouteOptions | undefined;
}

/** Every handler of the application with its route and what it declares, read from the same metadata the guards read. */
function declaredRoutes(modules: ModulesContainer): DeclaredRoute[] {
  return [...modules.values()].flatMap((module) =>
    [...module.controllers.values()].flatMap(({ metatype }) => {
      const controller = metatype as abstract new (...args: never[]) => unknown;
      const prototype = controller.prototype as Record<string, (...args: never[]) => unknown>;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      return Object.getOwnPropertyNames(prototype)
        .filter((name) => name !== 'constructor' && Reflect.getMetadata(PATH_METADATA, prototype[name]) !== undefined)
        .map((name) => {
          const handler = prototype[name];
          const method = HTTP_METHOD_NAMES[Reflect.getMetadata(METHOD_METADATA, handler) as number];
          const path = `/${[base, String(Reflect.getMetadata(PATH_METADATA, handler))].filter((part) => part !== '' && part !== '/').join('/')}`;
          return {
            route: `${method} ${path.replace(/\/+/g, '/')}`,
            scope: Reflect.getMetadata(REQUIRED_SCOPE, handler) ?? Reflect.getMetadata(REQUIRED_SCOPE, controller),
            public: Reflect.getMetadata(PUBLIC_ROUTE, handler) ?? Reflect.getMetadata(PUBLIC_ROUTE, controller),
          };
        });
    }),
  );
}

/** A path of the route with made-up ids: the scope guard answers before any id is read. */
function samplePath(route: string): string {
  return route.split(' ')[1].replace(/:(\w+)/g, (_, name: string) => `${name.split('_')[0].slice(0, 3)}_01JDQ4Z8X9T2M3N4P5Q6R7S8T9`);
}

/** What a key that holds every scope but `scope` (and its write, for a read) holds. */
function allBut(scope: ResourceScope): string[] {
  const resource = scope.split(':')[0];
  return ALL_RESOURCE_SCOPES.filter((held) => (scope.endsWith(':read') ? !held.startsWith(`${resource}:`) : held !== scope));
}

describe('API keys', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
  });

  it('declares on every authenticated route the scope a key needs, or that keys are refused', () => {
    const routes = declaredRoutes(t.app.get(ModulesContainer));
    assert.ok(routes.length >= 40, `only ${routes.length} handlers found`);
    const undeclared = routes.filter((route) => (route.public === undefined || route.public.optionalAuthentication) && route.scope === undefined).map((route) => route.route);
    assert.deepEqual(undeclared, [], 'add @RequiresScope() or @SessionOnly() to these handlers');
    const sessionOnly = routes
      .filter((route) => route.scope === 'session')
      .map((route) => route.route)
      .sort();
    assert.deepEqual(sessionOnly, [
      'DELETE /v1/api_keys/:api_key_id',
      'DELETE /v1/auth/close',
      'DELETE /v1/auth/mfa/totp',
      'DELETE /v1/auth/session',
      'DELETE /v1/users/:user_id',
      'GET /v1/api_keys',
      'GET /v1/api_keys/:api_key_id',
      'GET /v1/auth/sessions',
      'POST /v1/api_keys',
      'POST /v1/api_keys/:api_key_id/roll',
      'POST /v1/auth/mfa/totp',
      'POST /v1/auth/mfa/totp/confirm',
      'POST /v1/auth/verify_email/resend',
      'POST /v1/users',
    ]);
  });

  it('lets a key through each route only with its scope (write includes read), naming the missing scope', async () => {
    const routes = declaredRoutes(t.app.get(ModulesContainer)).filter((route) => route.scope !== undefined && route.scope !== 'session');
    const keys = new Map<string, string>();
    const keyWith = async (scopes: string[]): Promise<string> => {
      const name = scopes.join(',');
      if (!keys.has(name)) keys.set(name, (await createKey(t.api, admin.token, { scopes: [...scopes, 'admin'] })).secret);
      return keys.get(name)!;
    };
    const checked = new Set<string>();
    for (const route of routes) {
      const scope = route.scope as ResourceScope;
      const [method] = route.route.split(' ');
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const refused = await t.api.request(method, samplePath(route.route), body, { token: await keyWith(allBut(scope)) });
      expectError(refused, 403, 'insufficient_permissions');
      assert.match(refused.body.error_description, new RegExp(scope), route.route);
      for (const held of [scope, scope.replace(':read', ':write')].filter(
        (name, index, all) => all.indexOf(name) === index && ALL_RESOURCE_SCOPES.includes(name as ResourceScope),
      )) {
        const allowed = await t.api.request(method, samplePath(route.route), body, { token: await keyWith([held]) });
        assert.ok(!(allowed.status === 403 && /API key/.test(allowed.body.error_description)), `${route.route} with ${held}: ${allowed.status} ${JSON.stringify(allowed.body)}`);
        assert.notEqual(allowed.status, 401, route.route);
      }
      checked.add(scope.split(':')[0]);
    }
    assert.deepEqual([...checked].sort(), ['accounts', 'audit', 'balances', 'events', 'payments', 'payouts', 'transactions', 'users', 'webhooks']);
  });

  it('refuses keys on session operations and on /v1/api_keys (403), and a key as a refresh token (401 refresh_token_invalid)', async () => {
    const key = await createKey(t.api, owner.token, { scopes: [...ALL_RESOURCE_SCOPES] });
    for (const [method, path] of [
      ['GET', '/v1/auth/sessions'],
      ['DELETE', '/v1/auth/session'],
      ['DELETE', '/v1/auth/close'],
      ['GET', '/v1/api_keys'],
      ['POST', '/v1/api_keys'],
      ['GET', `/v1/api_keys/${key.id}`],
      ['POST', `/v1/api_keys/${key.id}/roll`],
      ['DELETE', `/v1/api_keys/${key.id}`],
    ]) {
      const response = await t.api.request(method, path, method === 'POST' ? { name: 'x', scopes: ['users:read'] } : undefined, { token: key.secret });
      expectError(response, 403, 'insufficient_permissions');
    }
    expectError(await t.api.post('/v1/auth/refresh', {}, { token: key.secret }), 401, 'refresh_token_invalid');
    expectStatus(await t.api.get(`/v1/api_keys/${key.id}`, { token: owner.token }), 200);
  });

  it('creates an account key with its mode, a prefixed checksummed secret shown once, and stores only a keyed hash', async () => {
    const key = await createKey(t.api, owner.token, { name: 'Orders', scopes: ['transactions:write', 'balances:read'] });
    assert.deepEqual(Object.keys(key).sort(), [...KEY_FIELDS, 'secret'].sort());
    assert.match(key.id, idPattern('key'));
    assert.equal(key.account_id, owner.accountId);
    assert.deepEqual([key.mode, key.livemode], ['test', false]);
    assert.equal(key.created_by, owner.user.id);
    assert.match(key.created_at as string, ISO_TIMESTAMP);
    assert.match(key.secret, /^sk_test_[0-9A-Za-z]{49}$/);
    assert.ok(key.secret.startsWith(key.prefix as string));
    assert.ok((key.prefix as string).length >= 12 && (key.prefix as string).length <= 24);
    const read = await t.api.get(`/v1/api_keys/${key.id}`, { token: owner.token });
    expectStatus(read, 200);
    assert.deepEqual(Object.keys(read.body).sort(), KEY_FIELDS.sort());
    const listed = await t.api.get('/v1/api_keys?limit=100', { token: owner.token });
    assert.ok(listed.body.data.some((item: { id: string }) => item.id === key.id));
    assert.ok(!JSON.stringify(listed.body).includes(key.secret.slice(12)));
    for (const table of ['api_keys', 'api_key_secrets', 'audit_log', 'events', 'idempotency_keys']) {
      const { rows } = await sql(t.databaseUrl, `SELECT * FROM ${table}`);
      assert.ok(!JSON.stringify(rows).includes(key.secret.slice(12)), `${table} holds the secret`);
    }
    // A typo (the checksum no longer matches) is refused like an unknown key.
    const typo = `${key.secret.slice(0, -1)}${key.secret.endsWith('A') ? 'B' : 'A'}`;
    expectError(await t.api.get('/v1/account/balances', { token: typo }), 401, 'unauthorized');
  });

  it('acts as its account with its scopes, writes last_used_at, and survives the idempotency and rate limits per key', async () => {
    const key = await createKey(t.api, owner.token, { scopes: ['transactions:write'] });
    const created = await t.api.post('/v1/transactions', { type: 'credit', amount: 500, currency: 'EUR' }, { token: key.secret, headers: { 'idempotency-key': 'k-1' } });
    expectStatus(created, 201);
    assert.equal(created.body.account_id, owner.accountId);
    // The same Idempotency-Key from the owner's session is another caller's: a new transaction.
    const byOwner = await t.api.post('/v1/transactions', { type: 'credit', amount: 500, currency: 'EUR' }, { token: owner.token, headers: { 'idempotency-key': 'k-1' } });
    expectStatus(byOwner, 201);
    assert.notEqual(byOwner.body.id, created.body.id);
    const replay = await t.api.post('/v1/transactions', { type: 'credit', amount: 500, currency: 'EUR' }, { token: key.secret, headers: { 'idempotency-key': 'k-1' } });
    assert.equal(replay.body.id, created.body.id);
    expectStatus(await t.api.get(`/v1/transactions/${created.body.id}`, { token: key.secret }), 200);
    expectError(await t.api.get('/v1/account/balances', { token: key.secret }), 403, 'insufficient_permissions');
    const read = await t.api.get(`/v1/api_keys/${key.id}`, { token: owner.token });
    assert.match(read.body.last_used_at, ISO_TIMESTAMP);
  });

  it("lets only owners and admins manage keys: members 403, another account's key 404, admin keys of any account and platform keys", async () => {
    const member = await accountMember(t.api, owner.token, owner.accountId);
    expectError(await t.api.post('/v1/api_keys', { name: 'x', scopes: ['users:read'] }, { token: member.token }), 403, 'insufficient_permissions');
    expectError(await t.api.get('/v1/api_keys', { token: member.token }), 403, 'insufficient_permissions');
    const other = await accountOwner(t.api);
    const othersKey = await createKey(t.api, other.token, { scopes: ['users:read'] });
    expectError(await t.api.get(`/v1/api_keys/${othersKey.id}`, { token: owner.token }), 404, 'api_key_not_found');
    expectError(await t.api.delete(`/v1/api_keys/${othersKey.id}`, undefined, { token: owner.token }), 404, 'api_key_not_found');
    expectError(await t.api.post(`/v1/api_keys/${othersKey.id}/roll`, {}, { token: owner.token }), 404, 'api_key_not_found');
    expectError(await t.api.get('/v1/api_keys/key_nonsense', { token: owner.token }), 404, 'api_key_not_found');
    expectError(await t.api.post('/v1/api_keys', { name: 'x', scopes: ['admin'] }, { token: owner.token }), 400, 'validation_error');
    expectError(await t.api.post('/v1/api_keys', { name: 'x', scopes: ['users:read'] }, { token: owner.token, headers: { 'idempotency-key': 'abc' } }), 400, 'validation_error');
    // Even empty: the document says the header must be absent.
    expectError(await t.api.post('/v1/api_keys', { name: 'x', scopes: ['users:read'] }, { token: owner.token, headers: { 'idempotency-key': '' } }), 400, 'validation_error');
    const forAccount = await createKey(t.api, admin.token, { scopes: ['users:read'], account_id: other.accountId });
    assert.equal(forAccount.account_id, other.accountId);
    assert.match(forAccount.secret, /^sk_test_/);
    const platform = await createKey(t.api, admin.token, { scopes: ['accounts:read', 'admin'] });
    assert.equal(platform.account_id, null);
    assert.deepEqual([platform.mode, platform.livemode], ['platform', true]);
    assert.match(platform.secret, /^sk_platform_/);
    // The seed's "platform-level integrations": the account listing.
    expectStatus(await t.api.get('/v1/auth/accounts', { token: platform.secret }), 200);
    const withoutAdmin = await createKey(t.api, admin.token, { scopes: ['accounts:read'] });
    expectError(await t.api.get('/v1/auth/accounts', { token: withoutAdmin.secret }), 403, 'insufficient_permissions');
  });

  it('refuses revoked, expired and rolled-past-overlap keys on the very next request', async () => {
    const revoked = await createKey(t.api, owner.token, { scopes: ['balances:read'] });
    expectStatus(await t.api.get('/v1/account/balances', { token: revoked.secret }), 200);
    const revocation = await t.api.delete(`/v1/api_keys/${revoked.id}`, undefined, { token: owner.token });
    expectStatus(revocation, 200);
    assert.match(revocation.body.revoked_at, ISO_TIMESTAMP);
    expectError(await t.api.get('/v1/account/balances', { token: revoked.secret }), 401, 'unauthorized');

    const expiring = await createKey(t.api, owner.token, { scopes: ['balances:read'], expires_at: new Date(Date.now() + 1500).toISOString() });
    expectStatus(await t.api.get('/v1/account/balances', { token: expiring.secret }), 200);
    await sleep(1600);
    expectError(await t.api.get('/v1/account/balances', { token: expiring.secret }), 401, 'unauthorized');

    const rolled = await createKey(t.api, owner.token, { scopes: ['balances:read'] });
    const overlapping = await t.api.post(`/v1/api_keys/${rolled.id}/roll`, {}, { token: owner.token });
    expectStatus(overlapping, 200);
    assert.notEqual(overlapping.body.secret, rolled.secret);
    expectStatus(await t.api.get('/v1/account/balances', { token: rolled.secret }), 200);
    expectStatus(await t.api.get('/v1/account/balances', { token: overlapping.body.secret }), 200);
    const atOnce = await t.api.post(`/v1/api_keys/${rolled.id}/roll`, { expires_in: 0 }, { token: owner.token });
    expectStatus(atOnce, 200);
    for (const old of [rolled.secret, overlapping.body.secret]) expectError(await t.api.get('/v1/account/balances', { token: old }), 401, 'unauthorized');
    expectStatus(await t.api.get('/v1/account/balances', { token: atOnce.body.secret }), 200);
    expectError(await t.api.post(`/v1/api_keys/${rolled.id}/roll`, { expires_in: 8 * 24 * 3600 }, { token: owner.token }), 400, 'validation_error');
  });

  it("refuses a closed account's key with 403 account_closed", async () => {
    const closing = await accountOwner(t.api);
    const key = await createKey(t.api, closing.token, { scopes: ['balances:read'] });
    expectStatus(await t.api.get('/v1/account/balances', { token: key.secret }), 200);
    expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: closing.token }), 200);
    expectError(await t.api.get('/v1/account/balances', { token: key.secret }), 403, 'account_closed');
  });
});
