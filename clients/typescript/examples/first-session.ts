import { ApiError, createPaymentsClient, unwrap } from '../src/index';

/** Signs up, logs in, opens an account, refreshes the session, creates a transaction and lists what is pending. */
export async function firstSession(baseUrl: string, log: (...values: unknown[]) => void = console.log) {
  const client = createPaymentsClient({
    baseUrl,
    // Called after every login and refresh (and with null at logout): persist the tokens here.
    onTokens: (tokens) => log(tokens === null ? 'logged out' : 'new tokens'),
  });

  // Sign up (no token needed), then log in: the client keeps the session's tokens.
  const email = `ada.${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  unwrap(await client.api.POST('/v1/users', { body: { email, password, name: 'Ada Lovelace' } }));
  const { user } = await client.login({ email, password });

  // Open a business account: the client sends the access token, and an Idempotency-Key.
  const account = unwrap(
    await client.api.POST('/v1/accounts', { body: { type: 'business', name: 'Analytical Engines', email: 'billing@example.com' } }),
  );

  // Rotate the refresh token now. (A call answered 401 refreshes by itself, once, and calls in
  // parallel share that refresh.)
  await client.refresh();

  // Book a payment of 12.50 EUR. Were the answer lost, the client would send the call again with the
  // same Idempotency-Key, and the server would answer it without booking twice.
  const transaction = unwrap(
    await client.api.POST('/v1/transactions', {
      body: { type: 'payment', amount: 1250, currency: 'EUR', description: 'Order 1042', metadata: { order_id: '1042' } },
    }),
  );
  log(`booked ${transaction.id}: ${transaction.amount} ${transaction.currency}, ${transaction.status}`);

  // Every pending transaction, page after page.
  for await (const pending of client.paginate('/v1/transactions', { query: { status: 'pending', limit: 50 } })) {
    log(pending.id, pending.type, pending.amount, pending.currency);
  }

  // A failure is thrown as an ApiError that carries the API's error_code.
  try {
    unwrap(await client.api.GET('/v1/transactions/{transaction_id}', { params: { path: { transaction_id: 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' } } }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'transaction_not_found') throw error;
    log(`${error.status} ${error.code}: ${error.description}`);
  }

  await client.logout();
  return { user, account, transaction };
}
