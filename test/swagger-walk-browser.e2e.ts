import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { startServerProcess, ServerProcess } from './support/server-process';
import { createTestDatabase, freeLoopbackPort, TestDatabase } from './support/test-app';
import { awayFromStepEdge, codeFor } from './support/totp';

interface Executed {
  status: number;
  body: any;
}

/**
 * A new user's first hour in Swagger UI: a server started on a port of its own (not 3000) with nothing
 * but PORT set, and every call made by clicking, as a person would.
 */
describe('Swagger UI on a server started on another port, in a real browser', () => {
  const chromium = useBrowser();
  let database: TestDatabase;
  let server: ServerProcess;
  let origin: string;

  before(async () => {
    database = await createTestDatabase();
    const port = await freeLoopbackPort();
    origin = `http://127.0.0.1:${port}`;
    server = await startServerProcess(database, { PORT: String(port), PUBLIC_BASE_URL: '' });
  });

  after(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('walks signup, login, Authorize, a transaction, the list and a payment: every call succeeds', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const idempotencyKeys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/transactions') idempotencyKeys.push(request.headers()['idempotency-key']);
    });
    const shoot = (name: string) => page.screenshot({ path: join(chromium.screenshots, `swagger-${name}.png`), fullPage: false });

    await page.goto(`${origin}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    await shoot('loaded');

    const email = `ada.${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    const signup = await execute(page, 'users', 'createUser', { body: { email, password, name: 'Ada' } });
    assert.equal(signup.status, 201, JSON.stringify(signup.body));
    const login = await execute(page, 'auth', 'login', { body: { email, password } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    await authorize(page, login.body.access_token);
    await shoot('authorized');

    // A reload keeps the authorization (persistAuthorization): the next call needs the token.
    await page.reload();
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const account = await execute(page, 'accounts', 'createAccount', { body: { type: 'business', name: 'Analytical Engines', email: 'billing@example.com' } });
    assert.equal(account.status, 201, JSON.stringify(account.body));

    // The Idempotency-Key field is left empty: each click sends a fresh key of its own.
    const transactionBody = { type: 'payment', amount: 1250, currency: 'EUR', description: 'Order 1042', metadata: { order_id: '1042' } };
    const first = await execute(page, 'transactions', 'createTransaction', { body: transactionBody });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await execute(page, 'transactions', 'createTransaction', { body: transactionBody, again: true });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assert.equal(idempotencyKeys.length, 2);
    assert.ok(
      idempotencyKeys.every((key) => key !== undefined && /^[0-9a-f-]{36}$/.test(key)),
      `keys sent: ${idempotencyKeys.join(', ')}`,
    );
    assert.notEqual(idempotencyKeys[0], idempotencyKeys[1]);

    // The list with every filter left as Swagger UI shows it: no metadata filter is sent, both come back.
    const listed = await execute(page, 'transactions', 'listTransactions', {});
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(listed.body.data.map((transaction: { id: string }) => transaction.id).sort(), [first.body.id, second.body.id].sort());
    await shoot('list');

    const payment = await execute(page, 'payments', 'createPayment', {
      body: { purpose: 'invoice', amount: 4999, currency: 'EUR', customer: { email: 'grace@example.com' }, reference_id: 'INV-42' },
    });
    assert.equal(payment.status, 201, JSON.stringify(payment.body));
    // PUBLIC_BASE_URL is unset: the customer's page is on the port the server listens on.
    assert.match(payment.body.payment_url, new RegExp(`^${origin}/pay/[A-Za-z0-9_-]{32}$`));
    await shoot('payment');
    await page.close();
    assert.deepEqual(problems, []);
  });

  it('runs the two-step login of a person with an authenticator app (TOTP), by clicking', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${origin}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const email = `grace.${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    assert.equal((await execute(page, 'users', 'createUser', { body: { email, password, name: 'Grace' } })).status, 201);
    const login = await execute(page, 'auth', 'login', { body: { email, password } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    await authorize(page, login.body.access_token);
    await awayFromStepEdge();
    const started = await execute(page, 'auth', 'startTotpEnrolment', { body: { current_password: password } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.match(started.body.otpauth_uri, /^otpauth:\/\/totp\//);
    const confirmedAt = Date.now();
    const confirmed = await execute(page, 'auth', 'confirmTotpEnrolment', { body: { code: codeFor(started.body.secret, -1, confirmedAt) } });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));

    // The password alone: 401 mfa_required, and the token of the second step in details.
    const first = await execute(page, 'auth', 'login', { body: { email, password }, again: true });
    assert.equal(first.status, 401, JSON.stringify(first.body));
    assert.equal(first.body.error_code, 'mfa_required');
    // The code of a step after the confirming one, sent well inside its own step even on a loaded machine.
    await awayFromStepEdge();
    const computedAt = Date.now();
    const second = await execute(page, 'auth', 'loginWithMfa', { body: { mfa_token: first.body.details.mfa_token, code: codeFor(started.body.secret, 0, computedAt) } });
    const steps = `confirmed at step ${Math.floor(confirmedAt / 30_000)}, code of step ${Math.floor(computedAt / 30_000)}, answered ${(Date.now() - computedAt) / 1000} s later`;
    assert.equal(second.status, 200, `${JSON.stringify(second.body)} (${steps})`);
    assert.equal(second.body.user.mfa_enabled, true);
    await page.screenshot({ path: join(chromium.screenshots, 'swagger-login-mfa.png'), fullPage: false });
    await page.close();
  });
});

/** Opens an operation, presses "Try it out", fills what is given, presses Execute and reads the answer. */
async function execute(page: Page, tag: string, operationId: string, input: { body?: unknown; again?: boolean }): Promise<Executed> {
  const operation = page.locator(`#operations-${tag}-${operationId}`);
  if (!input.again) {
    await operation.scrollIntoViewIfNeeded();
    if (!(await operation.locator('.opblock-body').isVisible())) await operation.locator('.opblock-summary').first().click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
  }
  if (input.body !== undefined) await operation.locator('textarea.body-param__text').fill(JSON.stringify(input.body, null, 2));
  const status = operation.locator('.live-responses-table tbody td.response-col_status').first();
  const previous = (await status.count()) > 0 ? await operation.locator('.live-responses-table .response-col_description pre').first().innerText() : null;
  await operation.getByRole('button', { name: 'Execute' }).click();
  await status.waitFor({ timeout: 10_000 });
  const bodyText = operation.locator('.live-responses-table .response-col_description pre').first();
  if (previous !== null) await page.waitForFunction(([element, before]) => element !== null && element.textContent !== before, [await bodyText.elementHandle(), previous] as const);
  return { status: Number((await status.innerText()).trim()), body: JSON.parse(await bodyText.innerText()) };
}

/**
 * The Authorize dialog: three schemes, each named for what it takes (all three are "(http, Bearer)"), and each
 * described; the access token goes into the `accessToken` scheme.
 */
async function authorize(page: Page, accessToken: string): Promise<void> {
  await page.locator('.auth-wrapper button.authorize').first().click();
  const titles = (await page.locator('.modal-ux .auth-container h4').allInnerTexts()).map((title) => title.trim());
  assert.deepEqual(titles.map((title) => title.split(/\s/)[0]).sort(), ['accessToken', 'apiKey', 'refreshToken']);
  const dialog = await page.locator('.modal-ux').innerText();
  for (const what of ["A person's access token", "A machine client's API key", "A person's refresh token"]) assert.ok(dialog.includes(what), `the dialog does not say "${what}"`);
  const bearer = page.locator('.modal-ux .auth-container').filter({ has: page.locator('h4', { hasText: /^accessToken/ }) });
  await bearer.locator('input').fill(accessToken);
  await bearer.locator('button.modal-btn.authorize').click();
  await page.locator('.modal-ux button.btn-done').first().click();
}
