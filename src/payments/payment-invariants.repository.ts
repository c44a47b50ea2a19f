import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sql } from '../database/sql';

/** A request whose sums disagree with each other or with its settlement credit. */
export interface InconsistentPayment {
  paymentId: string;
  amount: number;
  amountCaptured: number;
  amountRefunded: number;
  /** Its settlement credit's amount and amount_refunded; null without one. */
  credit: { amount: number; amountRefunded: number } | null;
}

const INCONSISTENT = sql`SELECT p.id, p.amount, p.amount_captured, p.amount_refunded, c.id AS credit_id, c.amount AS credit_amount, c.amount_refunded AS credit_refunded
  FROM payment_requests p LEFT JOIN transactions c ON c.id = p.transaction_id
  WHERE p.amount_refunded < 0 OR p.amount_refunded > p.amount_captured OR p.amount_captured > p.amount
    OR p.amount_refunded <> COALESCE(c.amount_refunded, 0) OR c.amount <> p.amount_captured
  LIMIT $1`;

type Numeric = number | string;

/** The ledger check's read of the payment_requests table (contract section 20), at most `limit` offenders. */
@Injectable()
export class PaymentInvariantsRepository {
  async inconsistent(manager: EntityManager, limit: number): Promise<InconsistentPayment[]> {
    const rows = await INCONSISTENT.rows<{
      id: string;
      amount: Numeric;
      amount_captured: Numeric;
      amount_refunded: Numeric;
      credit_id: string | null;
      credit_amount: Numeric | null;
      credit_refunded: Numeric | null;
    }>(manager, [limit]);
    return rows.map((row) => ({
      paymentId: row.id,
      amount: Number(row.amount),
      amountCaptured: Number(row.amount_captured),
      amountRefunded: Number(row.amount_refunded),
      credit: row.credit_id === null ? null : { amount: Number(row.credit_amount), amountRefunded: Number(row.credit_refunded) },
    }));
  }
}
