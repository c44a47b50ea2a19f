/** The parts of the API's answers the money model reads (contract sections 6, 7, 10, 15 and 16). */
import { Currency, Direction, Overdraft, PaymentStatus, PayoutStatus, RefundStatus, StatementOutcome, TransactionStatus, TransactionType } from './model';

export interface ErrorBody {
  error_code: string;
  error_description: string;
  details?: { field: string; message: string }[];
}

export interface TransactionBody {
  id: string;
  account_id: string;
  type: TransactionType;
  status: TransactionStatus;
  direction: Direction;
  amount: number;
  currency: Currency;
  counterparty_account_id: string | null;
  payment_id: string | null;
  refunded_transaction_id: string | null;
  amount_refunded: number | null;
  reverses_transaction_id: string | null;
  reversed_by_transaction_id: string | null;
}

export interface PaymentBody {
  id: string;
  account_id: string;
  status: PaymentStatus;
  amount: number;
  currency: Currency;
  provider: string;
  provider_reference: string | null;
  capture_method: string;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  transaction_id: string | null;
}

export interface RefundBody {
  id: string;
  payment_id: string;
  amount: number;
  currency: Currency;
  status: RefundStatus;
  transaction_id: string;
}

export interface PayoutBody {
  id: string;
  account_id: string;
  amount: number;
  currency: Currency;
  /** `in_transit` only for live payouts in a batch file, which the model (test mode) does not make. */
  status: PayoutStatus | 'in_transit';
  failure_code: string | null;
  transaction_id: string;
  return_transaction_id: string | null;
}

export interface AccountBody {
  id: string;
  overdraft: Overdraft;
  status: 'open' | 'closed';
}

export interface ClosureBody {
  account_id: string;
  status: 'closed';
  canceled_transactions: number;
  canceled_payments: number;
}

export interface BalanceRow {
  currency: string;
  posted: number;
  pending: number;
  available: number;
}

export interface BalancesBody {
  account_id: string;
  balances: BalanceRow[];
}

export interface ReconciliationBody {
  statement_id: string;
  lines: number;
  matched: { entry_id: string; payment_id: string }[];
  unmatched: { entry_id: string; reason: Exclude<StatementOutcome, 'matched'> }[];
}

export interface LedgerCheckBody {
  ok: boolean;
  difference_count: number;
  differences: { kind: string }[];
}

export interface PageBody<Item> {
  data: Item[];
  has_more: boolean;
  next_cursor: string | null;
}
