import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { firstSession } from '../clients/typescript/examples/first-session';
import { ApiError, createPaymentsClient, PaymentsClient, Tokens, unwrap } from '../clients/typescript/src/index';
import { useTestApp } from './support/test-app';

/*
 * The typed client of clients/typescript against a live server: its README example, the token refresh,
 * the Idempotency-Keys, the page walker and the errors. It runs from its sources (compiled with the tests);
 * `npm run client:check` regenerates its types and compiles it under its own, stricter settings.
 */

const CLIENT_DIR = join(process.cwd(), 'clients', 'typescript');
const PASSWORD = 'correct horse battery staple';

/** A fetch that records what the client sends, and can lose the answer of a chosen request once. */
function recordingFetch() {
  const sent: { method: string; path: string; authorization: string | null; idempotencyKey: string | null }[] = [];
  let loseNext: ((request: Request) => boolean) | null = null;
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname, authorization: request.headers.get('authorization'), idempotencyKey: request.headers.get('idempotency-key') });
    const response = await globalThis.fetch(request);
    if (loseNext?.(request)) {
      loseNext = null;
      // The server answered, the client never hears it: as when a connection drops.
      await response.arrayBuffer();
      throw new TypeError('fetch failed: the connection was reset');
    }
    return response;
  };
  return { fetch, sent, loseAnswerOf: (match: (request: Request) => boolean) => (loseNext = match) };
}

async function member(baseUrl: string, fetch?: (request: Request) => Promise<Response>): Promise<{ client: PaymentsClient; tokens: Tokens[] }> {
  const tokens: Tokens[] = [];
  const client = createPaymentsClient({ baseUrl, retryDelayMs: 10, ...(fetch ? { fetch } : {}), onTokens: (next) => next && tokens.push(next) });
  const email = `client-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  unwrap(await client.api.POST('/v1/users', { body: { email, password: PASSWORD, name: 'Client Test' } }));
  await client.login({ email, password: PASSWORD });
  unwrap(await client.api.POST('/v1/accounts', { body: { type: 'business', name: 'Client Test Ltd', email: 'billing@example.com' } }));
  return { client, tokens };
}

describe('the typed client (clients/typescript)', () => {
  const t = useTestApp();

  it('type-checks under its strict settings (strict, noUncheckedIndexedAccess), with its type tests', () => {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(CLIENT_DIR, 'tsconfig.json'), '--noEmit'], { stdio: 'pipe' });
  });

  it('depends on the openapi-fetch that the tests run it with', () => {
    const client = JSON.parse(readFileSync(join(CLIENT_DIR, 'package.json'), 'utf8'));
    const root = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
    assert.equal(client.dependencies['openapi-fetch'], root.devDependencies['openapi-fetch']);
  });

  it("runs its README's example: signup, login, account, refresh, a transaction, the pending list, an error", async () => {
    const lines: string[] = [];
    const { user, account, transaction } = await firstSession(t.baseUrl, (...values) => lines.push(values.join(' ')));
    assert.equal(account.owner_user_id, user.id);
    assert.deepEqual([transaction.account_id, transaction.amount, transaction.currency, transaction.status], [account.id, 1250, 'EUR', 'pending']);
    assert.ok(lines.includes(`${transaction.id} payment 1250 EUR`), lines.join('\n'));
    assert.ok(
      lines.some((line) => line.startsWith('404 transaction_not_found: ')),
      lines.join('\n'),
    );
    // login, the explicit refresh, then the logout.
    assert.deepEqual(
      lines.filter((line) => line === 'new tokens' || line === 'logged out'),
      ['new tokens', 'new tokens', 'logged out'],
    );
  });

  it('shows its README the example as it is', () => {
    const readme = readFileSync(join(CLIENT_DIR, 'README.md'), 'utf8');
    const example = readFileSync(join(CLIENT_DIR, 'examples', 'first-session.ts'), 'utf8').replace("from '../src/index'", "from '@payments-platform/client'");
    assert.ok(readme.includes(`\`\`\`ts\n${example}\`\`\``), 'clients/typescript/README.md does not show examples/first-session.ts as it is');
  });

  it('sends a new Idempotency-Key with each creating POST, the same one again when it retries a call whose answer was lost', async () => {
    const recorder = recordingFetch();
    const { client } = await member(t.baseUrl, recorder.fetch);
    const body = { type: 'payment' as const, amount: 700, currency: 'EUR' as const, description: 'retried once' };
    recorder.loseAnswerOf((request) => request.method === 'POST' && new URL(request.url).pathname === '/v1/transactions');
    const result = await client.api.POST('/v1/transactions', { body });
    const created = unwrap(result);
    assert.equal(result.response.status, 201);
    assert.equal(result.response.headers.get('idempotent-replayed'), 'true', 'the retry got the stored answer');
    const posts = recorder.sent.filter((request) => request.method === 'POST' && request.path === '/v1/transactions');
    assert.equal(posts.length, 2);
    assert.match(posts[0].idempotencyKey ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(posts[1].idempotencyKey, posts[0].idempotencyKey);
    // Booked once; the next call is a new request with a new key.
    const booked = [];
    for await (const transaction of client.paginate('/v1/transactions', { query: { type: 'payment' } }))
      if (transaction.description === 'retried once') booked.push(transaction.id);
    assert.deepEqual(booked, [created.id]);
    unwrap(await client.api.POST('/v1/transactions', { body }));
    const keys = recorder.sent.filter((request) => request.method === 'POST' && request.path === '/v1/transactions').map((request) => request.idempotencyKey);
    assert.equal(new Set(keys).size, 2);
    // A key the caller chooses is sent as it is; requests that create nothing carry none.
    unwrap(await client.api.POST('/v1/transactions', { body, params: { header: { 'Idempotency-Key': 'order-1042' } } }));
    assert.equal(recorder.sent.at(-1)?.idempotencyKey, 'order-1042');
    assert.ok(
      recorder.sent
        .filter((request) => request.method !== 'POST' || !['/v1/transactions', '/v1/accounts', '/v1/users'].includes(request.path))
        .every((request) => request.idempotencyKey === null),
    );
  });

  it('refreshes a refused access token once for calls in parallel, and sends each of them again', async () => {
    const recorder = recordingFetch();
    const { client, tokens } = await member(t.baseUrl, recorder.fetch);
    const session = client.tokens;
    assert.ok(session);
    // An access token the server refuses, as an expired one is; the refresh token is good.
    client.setTokens({ access_token: 'expired.access.token', refresh_token: session.refresh_token });
    const before = recorder.sent.length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.api.GET('/v1/account')));
    for (const answer of answers) assert.equal(unwrap(answer).name, 'Client Test Ltd');
    const sent = recorder.sent.slice(before);
    assert.equal(sent.filter((request) => request.path === '/v1/auth/refresh').length, 1, 'one refresh for all');
    assert.equal(sent.find((request) => request.path === '/v1/auth/refresh')?.authorization, `Bearer ${session.refresh_token}`);
    assert.equal(sent.filter((request) => request.path === '/v1/account').length, 12, 'each call twice: refused, then with the new token');
    // The refresh token rotated: the client holds the new pair, and told onTokens.
    assert.notEqual(client.tokens?.refresh_token, session.refresh_token);
    assert.deepEqual(tokens.at(-1), client.tokens);
    unwrap(await client.api.GET('/v1/account'));
  });

  it('gives up when the session cannot be refreshed: the call answers 401 and the tokens are forgotten', async () => {
    const { client } = await member(t.baseUrl);
    const session = client.tokens;
    assert.ok(session);
    // Ends the session on the server, then presents its tokens again.
    await client.logout();
    assert.equal(client.tokens, null);
    client.setTokens(session);
    const result = await client.api.GET('/v1/account');
    assert.equal(result.response.status, 401);
    assert.throws(
      () => unwrap(result),
      (error: unknown) => error instanceof ApiError && error.code === 'unauthorized' && error.status === 401,
    );
    assert.equal(client.tokens, null);
    await assert.rejects(client.refresh(), (error: unknown) => error instanceof ApiError && error.status === 401);
  });

  it('refreshes on request, and a refresh through the raw client keeps the tokens too', async () => {
    const { client, tokens } = await member(t.baseUrl);
    const first = client.tokens;
    const [a, b] = await Promise.all([client.refresh(), client.refresh()]);
    assert.equal(a.refresh_token, b.refresh_token, 'two refreshes asked together present the token once');
    assert.notEqual(a.refresh_token, first?.refresh_token);
    const raw = unwrap(await client.api.POST('/v1/auth/refresh', { body: { client_version: '1.0.0' } }));
    assert.equal(client.tokens?.refresh_token, raw.refresh_token);
    assert.equal(tokens.length, 3, 'login, one refresh, the raw refresh');
    unwrap(await client.api.GET('/v1/account'));
  });

  it('works as a machine client with an API key instead of a login, within its scopes', async () => {
    const { client: owner } = await member(t.baseUrl);
    const key = unwrap(await owner.api.POST('/v1/api_keys', { body: { name: 'Orders', scopes: ['transactions:write'] } }));
    const machine = createPaymentsClient({ baseUrl: t.baseUrl, apiKey: key.secret });
    const created = unwrap(await machine.api.POST('/v1/transactions', { body: { type: 'credit', amount: 250, currency: 'EUR' } }));
    assert.equal(unwrap(await machine.api.GET('/v1/transactions/{transaction_id}', { params: { path: { transaction_id: created.id } } })).id, created.id);
    const refused = await machine.api.GET('/v1/account/balances');
    assert.equal(refused.response.status, 403);
    assert.equal(machine.tokens, null);
  });

  it('walks every page of a list, newest first, each item once', async () => {
    const { client } = await member(t.baseUrl);
    const created: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      created.push(unwrap(await client.api.POST('/v1/transactions', { body: { type: 'credit', amount: 100 + i, currency: 'EUR' } })).id);
    }
    const walked: string[] = [];
    for await (const transaction of client.paginate('/v1/transactions', { query: { limit: 2, type: 'credit' } })) walked.push(transaction.id);
    assert.deepEqual(walked, [...created].reverse());
    // Stopping early stops asking.
    for await (const transaction of client.paginate('/v1/transactions', { query: { limit: 2 } })) {
      assert.ok(transaction.id);
      break;
    }
  });

  it('surfaces a failure with its error_code, description, request id and details', async () => {
    const { client } = await member(t.baseUrl);
    const result = await client.api.POST('/v1/transactions', { body: { type: 'payment', amount: 12.5, currency: 'EUR' } });
    assert.equal(result.error?.error_code, 'validation_error');
    try {
      unwrap(result);
      assert.fail('unwrap returned');
    } catch (error) {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 400);
      assert.equal(error.code, 'validation_error');
      assert.deepEqual(
        error.details.map((problem) => problem.field),
        ['amount'],
      );
      assert.equal(error.requestId, result.response.headers.get('x-request-id'));
    }
    await assert.rejects(client.paginate('/v1/transactions', { query: { limit: 500 } }).next(), (error: unknown) => error instanceof ApiError && error.code === 'validation_error');
  });
});
