import assert from 'node:assert/strict';
import { createServer, Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Page } from 'playwright-core';
import { contrastRatio, useBrowser } from './support/browser';
import { createPayment } from './support/checkout-page';
import { accountOwner, expectStatus, LoggedIn, login, loginAdmin, signup } from './support/factories';
import { listItems } from './support/shapes';
import { sql } from './support/sql';
import { freeLoopbackPort, TestApp, useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function paymentOf(t: TestApp, token: string, paymentId: string): Promise<any> {
  const response = await t.api.get(`/v1/payments/${paymentId}`, { token });
  expectStatus(response, 200);
  return response.body;
}

async function creditsOf(t: TestApp, token: string, paymentId: string): Promise<any[]> {
  const credits = await listItems(t.api, token, '/v1/transactions?type=credit&limit=100');
  return credits.filter((transaction) => transaction.payment_id === paymentId);
}

async function postedBalance(t: TestApp, token: string, currency: string): Promise<number> {
  const response = await t.api.get('/v1/account/balances', { token });
  expectStatus(response, 200);
  return response.body.balances.find((balance: any) => balance.currency === currency)?.posted ?? 0;
}

/** The customer types a card and presses Enter, by keyboard alone. */
async function payByKeyboard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').focus();
  await page.keyboard.type(cardNumber);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
}

describe('the checkout page in a real browser', () => {
  const t = useTestApp();
  const chromium = useBrowser();
  let owner: Owner;
  let merchantName: string;
  before(async () => {
    owner = await accountOwner(t.api);
    merchantName = (await t.api.get('/v1/account', { token: owner.token })).body.name;
  });

  const cases = [
    { currency: 'EUR', amount: 4999, shown: '€49.99', card: '4242 4242 4242 4242', status: 'succeeded', reads: 'Payment received' },
    // A decline is not final (contract section 16): the request stays pending and the page asks for another card.
    { currency: 'JPY', amount: 5000, shown: '¥5,000', card: '4000 0000 0000 0002', status: 'pending', reads: 'Your card was declined. Try another card.' },
    { currency: 'BHD', amount: 12345, shown: 'BHD 12.345', card: '4000 0000 0000 9995', status: 'pending', reads: 'insufficient funds. Try another card.' },
  ];
  for (const example of cases) {
    it(`${example.currency}: shows ${example.shown} and the request, on a phone and a desktop; ${example.card} leaves it ${example.status}, as the API and the ledger read it`, async () => {
      const payment = await createPayment(t.api, owner.token, {
        amount: example.amount,
        currency: example.currency,
        purpose: 'product',
        reference_id: `ORDER-${example.currency}`,
        description: `Order in ${example.currency}`,
        customer: { email: 'ada@example.com', name: 'Ada' },
      });
      const balanceBefore = await postedBalance(t, owner.token, example.currency);
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await chromium.browser.newPage({ viewport });
        await page.goto(payment.payment_url);
        await assertShows(page, [merchantName, example.shown, `Order in ${example.currency}`, `Purchase · ORDER-${example.currency}`, 'ada@example.com', 'UTC']);
        assert.equal((await page.getByRole('heading', { level: 1 }).textContent())?.replace(/\s+/g, ' '), example.shown);
        assert.ok(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), `no horizontal scrolling at ${viewport.width}px`);
        await page.screenshot({ path: join(chromium.screenshots, `pending-${example.currency}-${viewport.width}.png`), fullPage: true });
        await page.close();
      }
      const page = await chromium.browser.newPage({ viewport: PHONE });
      await page.goto(payment.payment_url);
      await payByKeyboard(page, example.card);
      assert.equal(page.url(), payment.payment_url, 'back on the page after the submit');
      await assertShows(page, [example.reads]);
      if (example.status === 'pending') {
        assert.equal(await page.locator('form').count(), 1, 'the form again after a decline');
        assert.equal(await page.getByLabel('Card number').getAttribute('aria-invalid'), 'true');
      } else {
        assert.equal(await page.locator('form').count(), 0, 'no form once the request left pending');
      }
      await page.screenshot({ path: join(chromium.screenshots, `${example.status}-${example.currency}-390.png`), fullPage: true });
      await page.close();

      const read = await paymentOf(t, owner.token, payment.id);
      assert.equal(read.status, example.status);
      const credits = await creditsOf(t, owner.token, payment.id);
      const charged = example.status === 'succeeded' ? example.amount : 0;
      assert.equal(credits.length, charged === 0 ? 0 : 1);
      assert.equal((await postedBalance(t, owner.token, example.currency)) - balanceBefore, charged);
    });
  }

  it('takes another card after a decline on the same page: one credit, payment.attempt_failed then payment.succeeded in sequence', async () => {
    const payment = await createPayment(t.api, owner.token, { amount: 3_150, description: 'Retry after a decline' });
    const balanceBefore = await postedBalance(t, owner.token, 'EUR');
    const page = await chromium.browser.newPage({ viewport: PHONE });
    await page.goto(payment.payment_url);
    await payByKeyboard(page, '4000 0000 0000 0002');
    assert.equal(page.url(), payment.payment_url);
    await assertShows(page, ['Your card was declined. Try another card.', '€31.50']);
    const field = page.getByLabel('Card number');
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.match((await field.getAttribute('aria-describedby')) ?? '', /card-error/);
    assert.match((await page.getByRole('alert').textContent()) ?? '', /declined/);
    assert.ok(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), 'no horizontal scrolling');
    await page.screenshot({ path: join(chromium.screenshots, 'declined-then-retry-390.png'), fullPage: true });
    assert.equal((await paymentOf(t, owner.token, payment.id)).status, 'pending');

    // The same page, another card: the field is cleared and typed again.
    await field.fill('');
    await payByKeyboard(page, '4242 4242 4242 4242');
    await assertShows(page, ['Payment received']);
    assert.equal(await page.locator('form').count(), 0);
    await page.screenshot({ path: join(chromium.screenshots, 'paid-after-retry-390.png'), fullPage: true });
    await page.close();

    const paid = await paymentOf(t, owner.token, payment.id);
    assert.deepEqual([paid.status, paid.failure_code, paid.last_failure_code], ['succeeded', null, 'card_declined']);
    const credits = await creditsOf(t, owner.token, payment.id);
    assert.deepEqual(
      credits.map((credit) => [credit.id, credit.amount, credit.status]),
      [[paid.transaction_id, 3_150, 'posted']],
    );
    assert.equal((await postedBalance(t, owner.token, 'EUR')) - balanceBefore, 3_150);
    const events = (await listItems(t.api, owner.token, '/v1/events?after_sequence=0&limit=100')).filter(
      (event) => event.data.object.id === payment.id || event.data.object.payment_id === payment.id,
    );
    assert.deepEqual(
      events.map((event) => event.type),
      ['payment.created', 'payment.attempt_failed', 'payment.succeeded', 'transaction.created'],
    );
    const sequences = events.map((event) => event.sequence);
    assert.deepEqual(
      sequences,
      [...sequences].sort((a, b) => a - b),
      'in sequence',
    );
    assert.equal(events[1].data.object.last_failure_code, 'card_declined');
    assert.equal(events[1].data.object.status, 'pending');
    const admin = await loginAdmin(t.api);
    assert.equal((await t.api.get('/v1/ledger/check', { token: admin.token })).body.ok, true);
  });

  it("shows a live request's bank details and RF reference on a phone and a desktop, with no card form; a test card posted to it moves nothing", async () => {
    const admin = await loginAdmin(t.api);
    const merchant = await signup(t.api);
    const opened = await t.api.post(
      '/v1/accounts',
      { type: 'business', name: 'Live Bakery', email: 'bakery@example.com', mode: 'live', owner_user_id: merchant.id },
      { token: admin.token },
    );
    expectStatus(opened, 201);
    const liveOwner = await login(t.api, merchant.email, merchant.password);
    const payment = await createPayment(t.api, liveOwner.token, { amount: 12_345, description: 'Wedding cake', reference_id: 'ORDER-LIVE' });
    assert.deepEqual([payment.provider, payment.livemode], ['bank_transfer', true]);
    const reference = payment.provider_reference.replace(/(.{4})(?=.)/g, '$1 ');
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await chromium.browser.newPage({ viewport });
      await page.goto(payment.payment_url);
      await page.screenshot({ path: join(chromium.screenshots, `bank-transfer-${viewport.width}.png`), fullPage: true });
      await assertShows(page, ['Live Bakery', '€123.45', 'Wedding cake', 'Pay by bank transfer', 'DE89 3704 0044 0532 0130 00', 'COBADEFFXXX', reference]);
      assert.equal(await page.locator('form').count(), 0, 'no card form');
      assert.equal(await page.getByLabel('Card number').count(), 0);
      assert.equal(await page.locator('.sandbox').count(), 0, 'a live page does not read as a test');
      assert.equal(await page.locator('#payment-reference').textContent(), reference);
      assert.ok(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), `no horizontal scrolling at ${viewport.width}px`);
      for (const selector of ['.merchant', 'h1', '.bank-transfer h2', '.bank-transfer dt', '.bank-transfer dd', '.bank-transfer .help']) {
        const [color, background] = await page.evaluate<[string, string]>(colorsOf(selector));
        assert.ok(contrastRatio(color, background) >= 4.5, `${selector}: ${color} on ${background} is ${contrastRatio(color, background).toFixed(2)}:1`);
      }
      await page.close();
    }
    // A customer (or a script) posting a test card to the page anyway, from the page itself: refused, nothing moves.
    const page = await chromium.browser.newPage({ viewport: PHONE });
    await page.goto(payment.payment_url);
    await Promise.all([
      page.waitForNavigation(),
      page.evaluate(`(() => {
        const form = document.createElement('form');
        form.method = 'post';
        for (const [name, value] of [['anti_forgery', ''], ['card_number', '4242 4242 4242 4242']]) {
          const input = document.createElement('input');
          input.name = name;
          input.value = value;
          form.appendChild(input);
        }
        document.body.appendChild(form);
        form.submit();
      })()`),
    ]);
    await assertShows(page, ['Please reload the page']);
    await page.close();
    const read = await paymentOf(t, liveOwner.token, payment.id);
    assert.deepEqual([read.status, read.last_failure_code, read.transaction_id], ['pending', null, null]);
    assert.deepEqual(await creditsOf(t, liveOwner.token, payment.id), []);
    assert.equal(await postedBalance(t, liveOwner.token, 'EUR'), 0);
  });

  it('works without JavaScript: pay with the form alone', async () => {
    const payment = await createPayment(t.api, owner.token, { amount: 1500 });
    const context = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(payment.payment_url);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Pay €15.00' }).click()]);
    await assertShows(page, ['Payment received']);
    await context.close();
    assert.equal((await paymentOf(t, owner.token, payment.id)).status, 'succeeded');
  });

  it('is accessible: labelled field, keyboard order field then button, errors announced and tied to the field, AA contrast', async () => {
    const payment = await createPayment(t.api, owner.token);
    const page = await chromium.browser.newPage({ viewport: PHONE });
    await page.goto(payment.payment_url);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement?.id'), 'card-number');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement?.textContent'), 'Pay €49.99');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Pay €49.99' }).click()]);
    const field = page.getByLabel('Card number');
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate('document.activeElement?.id'), 'card-number', 'the field with the error has the focus');
    assert.match((await page.getByRole('alert').textContent()) ?? '', /test cards/);
    assert.match((await field.getAttribute('aria-describedby')) ?? '', /card-error/);
    await page.screenshot({ path: join(chromium.screenshots, 'card-error-390.png'), fullPage: true });
    for (const selector of ['.merchant', 'h1', 'dt', 'dd', 'label', 'button', '#card-error', '.help', '.sandbox']) {
      const colors: unknown = await page.evaluate(colorsOf(selector));
      const [color, background] = colors as [string, string];
      assert.ok(contrastRatio(color, background) >= 4.5, `${selector}: ${color} on ${background} is ${contrastRatio(color, background).toFixed(2)}:1`);
    }
    await page.close();
    assert.equal((await paymentOf(t, owner.token, payment.id)).status, 'pending');
  });

  it('manual capture: the customer authorizes on the page, the merchant captures through the API, the page then reads paid', async () => {
    const payment = await createPayment(t.api, owner.token, { capture_method: 'manual', amount: 8800 });
    const page = await chromium.browser.newPage({ viewport: DESKTOP });
    await page.goto(payment.payment_url);
    await page.getByLabel('Card number').fill('4242424242424242');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Authorize €88.00' }).click()]);
    await assertShows(page, ['Payment authorized']);
    await page.screenshot({ path: join(chromium.screenshots, 'authorized-1280.png'), fullPage: true });
    assert.equal((await paymentOf(t, owner.token, payment.id)).status, 'authorized');
    assert.deepEqual(await creditsOf(t, owner.token, payment.id), []);
    const captured = await t.api.post(`/v1/payments/${payment.id}/capture`, undefined, { token: owner.token });
    expectStatus(captured, 200);
    await page.reload();
    await assertShows(page, ['Payment received']);
    await page.close();
    const credits = await creditsOf(t, owner.token, payment.id);
    assert.deepEqual([credits.length, credits[0].amount, credits[0].status], [1, 8800, 'posted']);
    const admin = await loginAdmin(t.api);
    assert.equal((await t.api.get('/v1/ledger/check', { token: admin.token })).body.ok, true);
  });

  it('shows canceled and expired requests with their state and no form', async () => {
    const canceled = await createPayment(t.api, owner.token);
    expectStatus(await t.api.post(`/v1/payments/${canceled.id}/cancel`, undefined, { token: owner.token }), 200);
    const expired = await createPayment(t.api, owner.token);
    await sql(t.databaseUrl, 'UPDATE payment_requests SET expires_at = $1 WHERE id = $2', [Date.now() - 1000, expired.id]);
    for (const [payment, reads, name] of [
      [canceled, 'Payment request canceled', 'canceled'],
      [expired, 'Payment request expired', 'expired'],
    ]) {
      const page = await chromium.browser.newPage({ viewport: PHONE });
      await page.goto(payment.payment_url);
      await assertShows(page, [reads]);
      assert.equal(await page.locator('form').count(), 0);
      assert.equal(await page.getByRole('status').count(), 1);
      await page.screenshot({ path: join(chromium.screenshots, `${name}-390.png`), fullPage: true });
      await page.close();
    }
  });

  describe('a forged cross-site submission', () => {
    let attacker: Server;
    let attackerOrigin: string;
    let attackPage = '';
    before(async () => {
      const port = await freeLoopbackPort();
      attacker = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(attackPage));
      await new Promise<void>((resolve) => attacker.listen(port, '127.0.0.1', resolve));
      // Another site: localhost is not 127.0.0.1's site, whatever the port.
      attackerOrigin = `http://localhost:${port}`;
    });
    after(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

    it("is refused with a 403 page though the customer's browser has the page's cookie, and the request stays pending", async () => {
      const payment = await createPayment(t.api, owner.token);
      const context = await chromium.browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      // The customer opened the genuine page first: the browser holds its anti-forgery cookie.
      await page.goto(payment.payment_url);
      const field = await page.locator('input[name="anti_forgery"]').getAttribute('value');
      // Even a leaked field value does not help another site.
      attackPage = `<!doctype html><form id="f" method="post" action="${payment.payment_url}">
        <input name="anti_forgery" value="${field}"><input name="card_number" value="4242 4242 4242 4242"></form>
        <script>document.getElementById('f').submit()</script>`;
      await Promise.all([page.waitForURL(payment.payment_url), page.goto(`${attackerOrigin}/`)]);
      await page.waitForLoadState();
      await assertShows(page, ['Please reload the page']);
      await page.screenshot({ path: join(chromium.screenshots, 'forged-390.png'), fullPage: true });
      await context.close();
      assert.equal((await paymentOf(t, owner.token, payment.id)).status, 'pending');
      assert.deepEqual(await creditsOf(t, owner.token, payment.id), []);
    });
  });
});

/** Browser-side expression: the text colour of the first match and the background it is drawn on. */
function colorsOf(selector: string): string {
  return `(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    let backdrop = element;
    while (backdrop && getComputedStyle(backdrop).backgroundColor === 'rgba(0, 0, 0, 0)') backdrop = backdrop.parentElement;
    return [getComputedStyle(element).color, backdrop ? getComputedStyle(backdrop).backgroundColor : 'rgb(255, 255, 255)'];
  })()`;
}

async function assertShows(page: Page, texts: string[]): Promise<void> {
  const visible = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  for (const text of texts) assert.ok(visible.includes(text.replace(/\s+/g, ' ')), `the page shows "${text}": ${visible}`);
}
