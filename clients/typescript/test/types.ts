/*
 * Compiled by `npm run check` (tsc under strict settings), never run: what the generated types must
 * accept and refuse. Each @ts-expect-error fails the check when its line compiles.
 */
import { createPaymentsClient, type ItemOf, type Schemas } from '../src/index';

const client = createPaymentsClient({ baseUrl: 'http://127.0.0.1:3000' });

export async function typeChecks(): Promise<void> {
  // Fields with a default stay optional in requests: a signup sends no role, a payment request no capture_method.
  const signup: Schemas['CreateUserRequest'] = { email: 'ada@example.com', password: 'correct horse battery staple', name: 'Ada' };
  const payment: Schemas['CreatePaymentRequest'] = { purpose: 'invoice', amount: 4999, currency: 'EUR', customer: { email: 'grace@example.com' } };
  const refresh: Schemas['RefreshRequest'] = {};
  void [signup, payment, refresh];

  // limit is a number; the list answers typed items.
  const page = await client.api.GET('/v1/transactions', { params: { query: { limit: 10, status: 'pending' } } });
  const first: Schemas['Transaction'] | undefined = page.data?.data[0];
  void first;

  // @ts-expect-error amount is an integer, not a string
  await client.api.POST('/v1/transactions', { body: { type: 'payment', amount: '12.50', currency: 'EUR' } });
  // @ts-expect-error type is one of the transaction types
  await client.api.POST('/v1/transactions', { body: { type: 'gift', amount: 1250, currency: 'EUR' } });
  // @ts-expect-error a path parameter is required
  await client.api.GET('/v1/transactions/{transaction_id}', {});

  // The page walker takes list paths only, with their own filters, and yields their items.
  for await (const user of client.paginate('/v1/users', { query: { role: 'member' } })) {
    const role: 'admin' | 'member' = user.role;
    void role;
  }
  for await (const delivery of client.paginate('/v1/webhook_endpoints/{endpoint_id}/deliveries', { path: { endpoint_id: 'whe_1' } })) void delivery.status;
  // @ts-expect-error /v1/account answers one account, not pages
  client.paginate('/v1/account');
  // @ts-expect-error the deliveries of an endpoint need its id
  client.paginate('/v1/webhook_endpoints/{endpoint_id}/deliveries');
  // @ts-expect-error the walker sets the cursor itself
  client.paginate('/v1/events', { query: { cursor: 'x' } });
  const item: ItemOf<'/v1/payments'> = { ...({} as Schemas['Payment']) };
  void item;
}
