import assert from 'node:assert/strict';
import { ApiClient, ApiResponse } from './api-client';
import { expectStatus } from './factories';

/** The contract's timestamps: ISO 8601 UTC with milliseconds. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A prefixed ULID such as usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9. */
export function idPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);
}

export const USER_FIELDS = ['account_id', 'created_at', 'email', 'email_verified', 'id', 'mfa_enabled', 'name', 'pending_email', 'role', 'updated_at'];
export const TOKEN_PAIR_FIELDS = ['access_token', 'expires_at', 'refresh_token', 'refresh_token_expires_at', 'session_id', 'token_type'];
export const ACCOUNT_FIELDS = ['closed_at', 'created_at', 'email', 'id', 'livemode', 'mode', 'name', 'overdraft', 'owner_user_id', 'preferences', 'status', 'type', 'updated_at'];
export const PAYMENT_FIELDS = [
  'account_id',
  'amount',
  'amount_captured',
  'amount_refunded',
  'capture_method',
  'created_at',
  'currency',
  'customer',
  'description',
  'expires_at',
  'failure_code',
  'id',
  'last_failure_code',
  'livemode',
  'metadata',
  'paid_at',
  'payment_url',
  'provider',
  'provider_reference',
  'purpose',
  'reference_id',
  'refunded',
  'status',
  'transaction_id',
  'updated_at',
];
export const TRANSACTION_FIELDS = [
  'account_id',
  'amount',
  'amount_refunded',
  'canceled_at',
  'counterparty_account_id',
  'created_at',
  'currency',
  'description',
  'direction',
  'id',
  'livemode',
  'metadata',
  'notes',
  'payment_id',
  'posted_at',
  'reference_ids',
  'refunded_transaction_id',
  'reversed_by_transaction_id',
  'reverses_transaction_id',
  'status',
  'type',
  'updated_at',
];

/**
 * Walks a list page by page through next_cursor, checking each page's shape and
 * each item with `checkItem`; returns the ids in the order served. `between`
 * runs alongside every page request (e.g. inserts while walking).
 */
export async function walkPages(api: ApiClient, token: string, listPath: string, checkItem: (item: unknown) => void, between?: () => Promise<unknown>): Promise<string[]> {
  const items = await listItems(api, token, listPath, checkItem, between);
  return items.map((item: { id: string }) => item.id);
}

/** walkPages, returning the items themselves. */
export async function listItems(
  api: ApiClient,
  token: string,
  listPath: string,
  checkItem: (item: unknown) => void = () => undefined,
  between?: () => Promise<unknown>,
): Promise<any[]> {
  const items: any[] = [];
  const separator = listPath.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const path: string = `${listPath}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ''}`;
    const [response]: [ApiResponse, unknown] = await Promise.all([api.get(path, { token }), between?.()]);
    expectStatus(response, 200);
    assert.deepEqual(Object.keys(response.body).sort(), ['data', 'has_more', 'next_cursor']);
    response.body.data.forEach(checkItem);
    items.push(...response.body.data);
    if (!response.body.has_more) {
      assert.equal(response.body.next_cursor, null);
      return items;
    }
    assert.equal(typeof response.body.next_cursor, 'string');
    cursor = response.body.next_cursor;
  }
  assert.fail('the walk did not end');
}
