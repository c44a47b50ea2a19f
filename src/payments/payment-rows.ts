import { instantOrNull } from '../database/columns';
import { Sql } from '../database/sql';
import { PaymentRequest } from './entities/payment-request.entity';

/** A payment_requests row as the drivers return it (BIGINT may come back as a string, JSON as text). */
export interface PaymentRow {
  id: string;
  account_id: string;
  purpose: PaymentRequest['purpose'];
  reference_id: string | null;
  amount: number | string;
  currency: string;
  description: string | null;
  customer_email: string;
  customer_name: string | null;
  capture_method: PaymentRequest['captureMethod'];
  status: PaymentRequest['status'];
  provider: string;
  provider_reference: string | null;
  /** BOOLEAN on PostgreSQL, 0 or 1 on SQLite. */
  livemode: boolean | number;
  payment_url: string;
  checkout_token: string | null;
  failure_code: PaymentRequest['failureCode'];
  last_failure_code: PaymentRequest['lastFailureCode'];
  metadata: string;
  amount_captured: number | string;
  amount_refunded: number | string;
  transaction_id: string | null;
  expires_at: number | string;
  created_at: number | string;
  updated_at: number | string;
  paid_at: number | string | null;
}

export const PAYMENT_COLUMNS = `id, account_id, purpose, reference_id, amount, currency, description, customer_email, customer_name, capture_method,
  status, provider, provider_reference, livemode, payment_url, checkout_token, failure_code, last_failure_code, metadata, amount_captured,
  amount_refunded, transaction_id, expires_at, created_at, updated_at, paid_at`;

/** Read without the ORM's entity building: these are on the paths of every refund, every read by id and every page opened. */
export const PAYMENT_BY_ID = new Sql(`SELECT ${PAYMENT_COLUMNS} FROM payment_requests WHERE id = $1`);
export const PAYMENT_BY_CHECKOUT_TOKEN = new Sql(`SELECT ${PAYMENT_COLUMNS} FROM payment_requests WHERE checkout_token = $1`);
export const PAYMENT_OF_ACCOUNT_BY_ID = new Sql(`SELECT ${PAYMENT_COLUMNS} FROM payment_requests WHERE id = $1 AND account_id = $2`);

export function paymentFromRow(row: PaymentRow): PaymentRequest {
  return {
    id: row.id,
    accountId: row.account_id,
    purpose: row.purpose,
    referenceId: row.reference_id,
    amount: Number(row.amount),
    currency: row.currency,
    description: row.description,
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    captureMethod: row.capture_method,
    status: row.status,
    provider: row.provider,
    providerReference: row.provider_reference,
    livemode: Boolean(row.livemode),
    paymentUrl: row.payment_url,
    checkoutToken: row.checkout_token,
    failureCode: row.failure_code,
    lastFailureCode: row.last_failure_code,
    metadata: JSON.parse(row.metadata) as PaymentRequest['metadata'],
    amountCaptured: Number(row.amount_captured),
    amountRefunded: Number(row.amount_refunded),
    transactionId: row.transaction_id,
    expiresAt: new Date(Number(row.expires_at)),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
    paidAt: instantOrNull(row.paid_at),
  };
}
