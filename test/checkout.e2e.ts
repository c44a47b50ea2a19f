import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { assertNoForm, createPayment, FetchedPage, openPage, submitCard, visibleText } from './support/checkout-page';
import { listItems } from './support/shapes';
import { sql } from './support/sql';
import { TestApp, useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };

/** The posted credits that settled `paymentId`. */
async function creditsOf(t: TestApp, token: string, paymentId: string): Promise<any[]> {
  const credits = await listItems(t.api, token, '/v1/transactions?type=credit&limit=100');
  return credits.filter((transaction) => transaction.payment_id === paymentId);
}

async function paymentOf(t: TestApp, token: string, paymentId: string): Promise<any> {
  const response = await t.api.get(`/v1/payments/${paymentId}`, { token });
  expectStatus(response, 200);
  return response.body;
}

async function eventsOfPayment(t: TestApp, token: string, paymentId: string): Promise<string[]> {
  const events = await listItems(t.api, token, '/v1/events?after_sequence=0&limit=100');
  return events.filter((event) => event.data.object.id === paymentId || event.data.object.payment_id === paymentId).map((event) => event.type);
}

/** Submits a card on a freshly opened page; the answer. */
async function pay(url: string, cardNumber: string): Promise<Response> {
  const page = await openPage(url);
  assert.equal(page.status, 200);
  return submitCard(url, page, cardNumber);
}

describe('the hosted checkout page', () => {
  const t = useTestApp();
  let owner: Owner;
  before(async () => {
    owner = await accountOwner(t.api);
  });

  it('opens at payment_url without a login and shows the merchant, amount, description, purpose, reference, customer email, expiry and a card form', async () => {
    const payment = await createPayment(t.api, owner.token, {
      purpose: 'invoice',
      reference_id: 'INV-2026-0042',
      description: 'Consulting, November',
      customer: { email: 'Grace@Example.com' },
      expires_at: '2026-12-24T18:30:00.000Z',
    });
    assert.ok(payment.payment_url.startsWith(`${t.baseUrl}/pay/`));
    const page = await openPage(payment.payment_url);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    const text = visibleText(page.html);
    const account = (await t.api.get('/v1/account', { token: owner.token })).body;
    for (const shown of [account.name, '€49.99', 'Consulting, November', 'Invoice · INV-2026-0042', 'grace@example.com', 'December 24, 2026 at 6:30 PM UTC', 'Pay €49.99']) {
      assert.ok(text.includes(shown), `the page shows ${shown}: ${text}`);
    }
    assert.ok(page.antiForgery !== null, 'the page has a card form');
    assert.match(page.html, /<label for="card-number">Card number<\/label>/);
    assert.match(page.html, /<html lang="en">/);
  });

  it("formats each currency's amount with its own minor units: JPY none, EUR two, BHD three", async () => {
    for (const [amount, currency, shown] of [
      [5000, 'JPY', '¥5,000'],
      [123456, 'EUR', '€1,234.56'],
      [12345, 'BHD', 'BHD\u00a012.345'],
    ] as const) {
      const payment = await createPayment(t.api, owner.token, { amount, currency });
      const text = visibleText((await openPage(payment.payment_url)).html);
      assert.ok(text.includes(shown.replace('\u00a0', ' ')), `${currency}: ${text}`);
    }
  });

  it('sends a strict Content-Security-Policy, no-store, nosniff, no framing, and a SameSite=Strict HttpOnly cookie', async () => {
    const payment = await createPayment(t.api, owner.token);
    const page = await openPage(payment.payment_url);
    const policy = page.headers.get('content-security-policy') ?? '';
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /style-src 'sha256-[A-Za-z0-9+/=]+'/);
    assert.match(policy, /form-action 'self'/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval|script-src/);
    assert.equal(page.headers.get('cache-control'), 'no-store');
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(page.headers.get('referrer-policy'), 'same-origin');
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    const cookie = (await fetch(payment.payment_url)).headers.getSetCookie()[0];
    assert.match(cookie, /^checkout_af=[A-Za-z0-9_-]{24}; Path=\/pay; HttpOnly; SameSite=Strict$/);
    assert.ok(!page.html.includes('<script'), 'the page runs no script');
  });

  it('keys the page by a random token that is not the payment id; an unknown, malformed or id token is a 404 page telling nothing', async () => {
    const payment = await createPayment(t.api, owner.token);
    const token = payment.payment_url.split('/pay/')[1];
    assert.match(token, /^[A-Za-z0-9_-]{32}$/);
    assert.ok(!token.includes(payment.id.slice(4)));
    const other = await createPayment(t.api, owner.token);
    assert.notEqual(other.payment_url.split('/pay/')[1], token);
    for (const guess of [payment.id, 'A'.repeat(32), token.slice(0, 31), `${token}x`, '..%2F..%2Fv1%2Fusers', '<script>']) {
      const page = await openPage(`${t.baseUrl}/pay/${guess}`);
      assert.equal(page.status, 404, guess);
      assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(page.headers.get('cache-control'), 'no-store');
      assert.ok(visibleText(page.html).includes('Payment link not valid'));
      assert.ok(!page.html.includes('4999') && !page.html.includes('grace@'), 'nothing of any request is shown');
      assert.ok(!page.html.includes('<script>'), 'the guess is not echoed as markup');
    }
  });

  it('escapes everything the merchant and the API caller wrote', async () => {
    const merchant = await accountOwner(t.api);
    await t.api.patch('/v1/account', { name: 'Evil <b>Bakery</b>' }, { token: merchant.token });
    const payment = await createPayment(t.api, merchant.token, { description: '<script>alert(1)</script>', reference_id: '"><img src=x onerror=alert(1)>' });
    const page = await openPage(payment.payment_url);
    assert.ok(!page.html.includes('<script>alert'), 'no script injected');
    assert.ok(!page.html.includes('<img src=x'), 'no element injected through the reference');
    assert.ok(!page.html.includes('<b>Bakery'), 'no markup from the account name');
    assert.ok(visibleText(page.html).includes('<script>alert(1)</script>'), 'the description reads as typed');
  });

  it('pays with 4242 4242 4242 4242: 303 back to the page, which shows the payment received and no form; the API and the ledger agree', async () => {
    const payment = await createPayment(t.api, owner.token, { amount: 2500 });
    const before = (await t.api.get('/v1/account/balances', { token: owner.token })).body.balances.find((balance: any) => balance.currency === 'EUR');
    const answer = await pay(payment.payment_url, '4242 4242 4242 4242');
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.get('location'), payment.payment_url);
    const page = await openPage(payment.payment_url);
    assertNoForm(page);
    assert.ok(visibleText(page.html).includes('Payment received'));
    const paid = await paymentOf(t, owner.token, payment.id);
    assert.equal(paid.status, 'succeeded');
    assert.equal(paid.failure_code, null);
    const credits = await creditsOf(t, owner.token, payment.id);
    assert.equal(credits.length, 1);
    assert.deepEqual([credits[0].id, credits[0].status, credits[0].amount], [paid.transaction_id, 'posted', 2500]);
    const after = (await t.api.get('/v1/account/balances', { token: owner.token })).body.balances.find((balance: any) => balance.currency === 'EUR');
    assert.equal(after.posted - (before?.posted ?? 0), 2500);
    assert.deepEqual(await eventsOfPayment(t, owner.token, payment.id), ['payment.created', 'payment.succeeded', 'transaction.created']);
  });

  it('keeps the request pending after a declined or insufficient-funds card, with last_failure_code, payment.attempt_failed and the form again', async () => {
    for (const [card, failureCode, reads] of [
      ['4000 0000 0000 0002', 'card_declined', 'Your card was declined. Try another card.'],
      ['4000-0000-0000-9995', 'insufficient_funds', 'Your card was declined for insufficient funds. Try another card.'],
    ]) {
      const payment = await createPayment(t.api, owner.token);
      assert.equal((await pay(payment.payment_url, card)).status, 303);
      const declined = await paymentOf(t, owner.token, payment.id);
      assert.deepEqual([declined.status, declined.failure_code, declined.last_failure_code, declined.transaction_id], ['pending', null, failureCode, null]);
      const page = await openPage(payment.payment_url);
      assert.notEqual(page.antiForgery, null, 'the page offers the card form again');
      assert.match(page.html, /<p id="card-error" class="error" role="alert">/);
      assert.ok(visibleText(page.html).includes(reads), card);
      assert.deepEqual(await creditsOf(t, owner.token, payment.id), []);
      assert.deepEqual(await eventsOfPayment(t, owner.token, payment.id), ['payment.created', 'payment.attempt_failed']);
    }
  });

  it('pays with another card after a decline: one credit, and the events in order', async () => {
    const payment = await createPayment(t.api, owner.token, { amount: 1234 });
    assert.equal((await pay(payment.payment_url, '4000 0000 0000 0002')).status, 303);
    assert.equal((await pay(payment.payment_url, '4242 4242 4242 4242')).status, 303);
    const paid = await paymentOf(t, owner.token, payment.id);
    assert.deepEqual([paid.status, paid.failure_code, paid.last_failure_code], ['succeeded', null, 'card_declined']);
    const credits = await creditsOf(t, owner.token, payment.id);
    assert.deepEqual(
      credits.map((credit) => [credit.id, credit.amount, credit.status]),
      [[paid.transaction_id, 1234, 'posted']],
    );
    assert.deepEqual(await eventsOfPayment(t, owner.token, payment.id), ['payment.created', 'payment.attempt_failed', 'payment.succeeded', 'transaction.created']);
    const page = await openPage(payment.payment_url);
    assertNoForm(page);
    assert.ok(visibleText(page.html).includes('Payment received'));
  });

  it('answers a number that is not a test card with the form again (422, the error tied to the field), moving nothing', async () => {
    const payment = await createPayment(t.api, owner.token);
    for (const card of ['4111 1111 1111 1111', '', '1'.repeat(41)]) {
      const answer = await pay(payment.payment_url, card);
      assert.equal(answer.status, 422, card);
      const html = await answer.text();
      assert.match(html, /aria-invalid="true"/);
      assert.match(html, /<p id="card-error" class="error" role="alert">/);
      assert.match(html, /aria-describedby="card-error card-help"/);
      assert.match(html, /name="anti_forgery" value="[^"]+"/);
    }
    assert.equal((await paymentOf(t, owner.token, payment.id)).status, 'pending');
  });

  it('authorizes a manual-capture request with 4242; the page shows it authorized without a form until the merchant captures', async () => {
    const payment = await createPayment(t.api, owner.token, { capture_method: 'manual', amount: 700 });
    assert.ok(visibleText((await openPage(payment.payment_url)).html).includes('Authorize €7.00'));
    assert.equal((await pay(payment.payment_url, '4242424242424242')).status, 303);
    assert.equal((await paymentOf(t, owner.token, payment.id)).status, 'authorized');
    const page = await openPage(payment.payment_url);
    assertNoForm(page);
    assert.ok(visibleText(page.html).includes('Payment authorized'));
    assert.deepEqual(await creditsOf(t, owner.token, payment.id), []);
    const captured = await t.api.post(`/v1/payments/${payment.id}/capture`, undefined, { token: owner.token });
    expectStatus(captured, 200);
    assert.equal(captured.body.status, 'succeeded');
    assert.equal((await creditsOf(t, owner.token, payment.id)).length, 1);
    assert.ok(visibleText((await openPage(payment.payment_url)).html).includes('Payment received'));
  });

  it('shows canceled, expired and a closed account’s requests without a form', async () => {
    const canceled = await createPayment(t.api, owner.token);
    expectStatus(await t.api.post(`/v1/payments/${canceled.id}/cancel`, undefined, { token: owner.token }), 200);
    const expired = await createPayment(t.api, owner.token);
    await sql(t.databaseUrl, 'UPDATE payment_requests SET expires_at = $1 WHERE id = $2', [Date.now() - 1000, expired.id]);
    for (const [payment, reads] of [
      [canceled, 'Payment request canceled'],
      [expired, 'Payment request expired'],
    ]) {
      const page = await openPage(payment.payment_url);
      assert.equal(page.status, 200);
      assertNoForm(page);
      assert.ok(visibleText(page.html).includes(reads), reads);
    }
    // A form opened before the request expired submits into nothing.
    const stale = await createPayment(t.api, owner.token);
    const page = await openPage(stale.payment_url);
    await sql(t.databaseUrl, 'UPDATE payment_requests SET expires_at = $1 WHERE id = $2', [Date.now() - 1000, stale.id]);
    assert.equal((await submitCard(stale.payment_url, page, '4242 4242 4242 4242')).status, 303);
    assert.ok(['expired'].includes((await paymentOf(t, owner.token, stale.id)).status));
    assert.deepEqual(await creditsOf(t, owner.token, stale.id), []);
  });

  it('refuses forged submissions with a 403 page and leaves the request pending', async () => {
    const payment = await createPayment(t.api, owner.token);
    const page = await openPage(payment.payment_url);
    const otherBrowser = await openPage(payment.payment_url);
    const otherPayment = await createPayment(t.api, owner.token);
    const otherPage = await openPage(otherPayment.payment_url, page.cookie);
    const forgeries: [string, FetchedPage, Record<string, string>][] = [
      ['no cookie', { ...page, cookie: '' }, {}],
      ['no field', { ...page, antiForgery: '' }, {}],
      ["another browser's field", { ...page, antiForgery: otherBrowser.antiForgery }, {}],
      ["another page's field", { ...page, antiForgery: otherPage.antiForgery }, {}],
      ['another site as Origin', page, { origin: 'https://evil.example' }],
      ['a null Origin', page, { origin: 'null' }],
      ['a cross-site fetch', page, { 'sec-fetch-site': 'cross-site' }],
      ['a same-site fetch from another origin', page, { 'sec-fetch-site': 'same-site' }],
    ];
    for (const [label, forged, headers] of forgeries) {
      const answer = await submitCard(payment.payment_url, forged, '4242 4242 4242 4242', headers);
      assert.equal(answer.status, 403, label);
      assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8', label);
      assert.ok(visibleText(await answer.text()).includes('Please reload the page'), label);
    }
    assert.equal((await paymentOf(t, owner.token, payment.id)).status, 'pending');
    assert.equal((await submitCard(payment.payment_url, page, '4242 4242 4242 4242')).status, 303, 'the genuine form still works');
  });

  it("settles 10 concurrent submits of one form once (the page's attempt limit): one credit, one payment.succeeded, every submit back on the page", async () => {
    const payment = await createPayment(t.api, owner.token, { amount: 1234 });
    const page = await openPage(payment.payment_url);
    const answers = await Promise.all(Array.from({ length: 10 }, () => submitCard(payment.payment_url, page, '4242 4242 4242 4242')));
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([303]));
    assert.equal((await creditsOf(t, owner.token, payment.id)).length, 1);
    const events = await eventsOfPayment(t, owner.token, payment.id);
    assert.equal(events.filter((type) => type === 'payment.succeeded').length, 1);
    // A later double submit (a second click, a back button) books nothing more; past the page's
    // attempt limit it is refused before reaching the request.
    assert.equal((await submitCard(payment.payment_url, page, '4000 0000 0000 0002')).status, 429);
    const settled = await paymentOf(t, owner.token, payment.id);
    assert.deepEqual([settled.status, settled.failure_code], ['succeeded', null]);
    assert.equal((await creditsOf(t, owner.token, payment.id)).length, 1);
  });

  it('takes a form body only on the page: anywhere else a form is 415 in the error schema', async () => {
    const response = await fetch(`${t.baseUrl}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com&password=x',
    });
    assert.equal(response.status, 415);
    const body = (await response.json()) as { error_code: string };
    assert.equal(body.error_code, 'unsupported_media_type');
    assert.ok(response.headers.get('x-request-id'));
  });

  it("answers an API caller's transitions on a checkout-paid request like any other: 409 once it left pending", async () => {
    const admin = await loginAdmin(t.api);
    const payment = await createPayment(t.api, owner.token);
    await pay(payment.payment_url, '4242 4242 4242 4242');
    expectError(await t.api.post(`/v1/payments/${payment.id}/simulate`, { outcome: 'failed' }, { token: admin.token }), 409, 'payment_not_pending');
    expectError(await t.api.post(`/v1/payments/${payment.id}/cancel`, undefined, { token: owner.token }), 409, 'payment_not_pending');
  });
});

describe('the checkout page limits', () => {
  const t = useTestApp({ CHECKOUT_PER_MINUTE: '4' });

  it('answers views past CHECKOUT_PER_MINUTE from one address with a 429 page and Retry-After', async () => {
    const owner = await accountOwner(t.api);
    const payment = await createPayment(t.api, owner.token);
    const statuses: number[] = [];
    let last: FetchedPage | undefined;
    for (let view = 0; view < 5; view += 1) {
      last = await openPage(payment.payment_url);
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
    assert.ok(Number(last!.headers.get('retry-after')) >= 1);
    assert.ok(visibleText(last!.html).includes('Too many attempts'));
    assert.equal(last!.headers.get('cache-control'), 'no-store');
  });
});

describe('the checkout card attempts limit', () => {
  const t = useTestApp();

  it('stops card testing: past 10 attempts on one page within an hour, submits answer 429 and nothing moves', async () => {
    const owner = await accountOwner(t.api);
    const payment = await createPayment(t.api, owner.token);
    const page = await openPage(payment.payment_url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await submitCard(payment.payment_url, page, `4111 1111 1111 ${1000 + attempt}`)).status);
    assert.deepEqual(statuses, [...Array(10).fill(422), 429]);
    assert.equal((await submitCard(payment.payment_url, page, '4242 4242 4242 4242')).status, 429);
    assert.equal((await paymentOf(t, owner.token, payment.id)).status, 'pending');
  });
});
