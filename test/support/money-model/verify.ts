/**
 * After every command: what the API shows must be what the model holds (balances, every transaction of the
 * run's accounts, every payment request and refund), the money rules must hold on what the API shows whatever
 * the model says, and, when due, GET /v1/ledger/check must find nothing.
 */
import assert from 'node:assert/strict';
import { isDeepStrictEqual as isSame } from 'node:util';
import { ApiClient, ApiResponse } from '../api-client';
import { expectStatus } from '../factories';
import { BalancesBody, LedgerCheckBody, PageBody, PaymentBody, PayoutBody, RefundBody, TransactionBody } from './api-shapes';
import {
  amountRefunded,
  balanceOf,
  countsRefunds,
  CURRENCIES,
  describePayout,
  describeRequest,
  describeTransaction,
  Model,
  ModelTransaction,
  refundStatus,
  requestRefunded,
  sideOf,
} from './model';
import { Callers } from './outcomes';

/** What the API shows of one account. */
interface AccountView {
  balances: BalancesBody;
  transactions: TransactionBody[];
  payments: PaymentBody[];
  payouts: PayoutBody[];
}

export async function verifyAgainstModel(callers: Callers, model: Model): Promise<void> {
  const views = await Promise.all(model.accounts.map((account) => readAccount(callers, account.id)));
  const refunds = await readRefunds(callers, model);
  const problems = [...ruleViolations(model, views), ...differencesFromModel(model, views, refunds)];
  if (problems.length > 0) assert.fail(`the API disagrees with the money model:\n  - ${problems.join('\n  - ')}`);
}

export async function verifyLedger(callers: Callers): Promise<void> {
  const response = await callers.api.get<LedgerCheckBody>('/v1/ledger/check', { token: callers.admin });
  expectStatus(response, 200);
  if (!response.body.ok) {
    assert.fail(`GET /v1/ledger/check reports ${response.body.difference_count} differences:\n${JSON.stringify(response.body.differences, null, 2)}`);
  }
}

async function readAccount(callers: Callers, accountId: string): Promise<AccountView> {
  const [balances, transactions, payments, payouts] = await Promise.all([
    callers.api.get<BalancesBody>(`/v1/account/balances?account_id=${accountId}`, { token: callers.admin }),
    readAll<TransactionBody>(callers.api, callers.admin, `/v1/transactions?account_id=${accountId}&limit=100`),
    readAll<PaymentBody>(callers.api, callers.admin, `/v1/payments?account_id=${accountId}&limit=100`),
    readAll<PayoutBody>(callers.api, callers.admin, `/v1/payouts?account_id=${accountId}&limit=100`),
  ]);
  expectStatus(balances, 200);
  return { balances: balances.body, transactions, payments, payouts };
}

/** The refunds of every request the model refunded, by request id. */
async function readRefunds(callers: Callers, model: Model): Promise<Map<string, RefundBody[]>> {
  const refunded = [...new Set(model.refunds.map((refund) => refund.requestId))];
  const lists = await Promise.all(refunded.map((requestId) => readAll<RefundBody>(callers.api, callers.admin, `/v1/payments/${requestId}/refunds?limit=100`)));
  return new Map(refunded.map((requestId, index) => [requestId, lists[index]]));
}

/** Every page of a list, oldest pages last (the API's newest-first order). */
async function readAll<Item>(api: ApiClient, token: string, path: string): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiResponse<PageBody<Item>> = await api.get<PageBody<Item>>(cursor === null ? path : `${path}&cursor=${encodeURIComponent(cursor)}`, { token });
    expectStatus(page, 200);
    items.push(...page.body.data);
    cursor = page.body.has_more ? page.body.next_cursor : null;
  } while (cursor !== null);
  return items;
}

/**
 * The rules of contract sections 10, 15 and 20, on the API's own figures: they must hold whatever the model
 * believes (a wrong model cannot hide their breach).
 */
function ruleViolations(model: Model, views: AccountView[]): string[] {
  const problems: string[] = [];
  for (const [index, view] of views.entries()) {
    const account = model.accounts[index];
    if (account.overdraft === 'forbidden') {
      for (const row of view.balances.balances) {
        if (row.available < 0) problems.push(`account ${account.label} forbids overdrafts, yet its available ${row.currency} balance is ${row.available}`);
      }
    }
    const byId = new Map(view.transactions.map((transaction) => [transaction.id, transaction]));
    for (const transaction of view.transactions) {
      if (transaction.amount_refunded === null || transaction.account_id !== account.id) continue;
      const refunds = view.transactions.filter((refund) => refund.refunded_transaction_id === transaction.id && refund.account_id === account.id);
      const counted = refunds.filter((refund) => refund.status !== 'canceled').reduce((sum, refund) => sum + refund.amount, 0);
      const name = `${labelOf(model, transaction.id)} (${transaction.type} ${transaction.amount} ${transaction.currency}, ${transaction.status})`;
      if (transaction.amount_refunded !== counted)
        problems.push(`${name}: amount_refunded is ${transaction.amount_refunded}, its refunds that are not canceled add up to ${counted}`);
      if (counted > transaction.amount) problems.push(`${name}: its refunds give back ${counted}, more than its amount`);
      if (transaction.reversed_by_transaction_id !== null && counted > 0) problems.push(`${name}: refunded (${counted}) and reversed as well: it gives back more than came in`);
      const posted = refunds.filter((refund) => refund.status === 'posted').reduce((sum, refund) => sum + refund.amount, 0);
      if (transaction.status === 'canceled' && posted > 0) problems.push(`${name}: canceled, yet its posted refunds gave back ${posted} of money that never moved`);
    }
    problems.push(...payoutViolations(view, byId));
    for (const payment of view.payments) {
      const credit = payment.transaction_id === null ? undefined : byId.get(payment.transaction_id);
      if (credit === undefined) continue;
      const name = `${labelOfRequest(model, payment.id)} (${payment.status}, captured ${payment.amount_captured})`;
      if (payment.amount_refunded !== credit.amount_refunded)
        problems.push(`${name}: amount_refunded is ${payment.amount_refunded}, its settlement credit's is ${credit.amount_refunded}`);
      if (payment.amount_refunded > payment.amount_captured) problems.push(`${name}: refunded ${payment.amount_refunded}, more than it captured`);
    }
  }
  return problems;
}

/** What a payout's status says of its money, on the API's own figures: its debit, and a returned one's credit. */
const DEBIT_OF_PAYOUT: Record<PayoutBody['status'], TransactionBody['status']> = {
  pending: 'pending',
  in_transit: 'pending',
  paid: 'posted',
  returned: 'posted',
  canceled: 'canceled',
};

function payoutViolations(view: AccountView, byId: Map<string, TransactionBody>): string[] {
  const problems: string[] = [];
  for (const payout of view.payouts) {
    const name = `payout ${payout.id} (${payout.amount} ${payout.currency}, ${payout.status})`;
    const debit = byId.get(payout.transaction_id);
    if (debit === undefined || debit.type !== 'payout' || debit.direction !== 'debit' || debit.amount !== payout.amount) {
      problems.push(`${name}: its debit ${payout.transaction_id} is ${JSON.stringify(debit ?? 'not listed')}`);
    } else if (debit.status !== DEBIT_OF_PAYOUT[payout.status]) {
      problems.push(`${name}: its debit is ${debit.status}, its status says ${DEBIT_OF_PAYOUT[payout.status]}`);
    }
    const credit = payout.return_transaction_id === null ? undefined : byId.get(payout.return_transaction_id);
    const returned = payout.status === 'returned';
    if (returned !== (credit !== undefined && credit.direction === 'credit' && credit.status === 'posted' && credit.amount === payout.amount)) {
      problems.push(`${name}: its return credit is ${JSON.stringify(credit ?? payout.return_transaction_id)}`);
    }
  }
  return problems;
}

function differencesFromModel(model: Model, views: AccountView[], refunds: Map<string, RefundBody[]>): string[] {
  const problems: string[] = [];
  for (const [index, view] of views.entries()) {
    problems.push(
      ...balanceDifferences(model, index, view),
      ...transactionDifferences(model, index, view),
      ...requestDifferences(model, index, view),
      ...payoutDifferences(model, index, view),
    );
  }
  for (const refund of model.refunds) {
    const shown = refunds.get(refund.requestId)?.find((candidate) => candidate.id === refund.id);
    const expected = { amount: refund.amount, status: refundStatus(model, refund), transaction_id: refund.transactionId };
    const actual = shown === undefined ? undefined : { amount: shown.amount, status: shown.status, transaction_id: shown.transaction_id };
    if (!isSame(actual, expected)) problems.push(`refund ${refund.label}: the API shows ${JSON.stringify(actual ?? 'nothing')}, the model ${JSON.stringify(expected)}`);
  }
  return problems;
}

function balanceDifferences(model: Model, index: number, view: AccountView): string[] {
  const account = model.accounts[index];
  return CURRENCIES.flatMap((currency) => {
    const row = view.balances.balances.find((balance) => balance.currency === currency);
    const actual = row === undefined ? { posted: 0, pending: 0, available: 0 } : { posted: row.posted, pending: row.pending, available: row.available };
    const expected = balanceOf(model, index, currency);
    return isSame(actual, expected) ? [] : [`balance of ${account.label} in ${currency}: the API shows ${JSON.stringify(actual)}, the model ${JSON.stringify(expected)}`];
  });
}

/** The transaction as the API shows it from the account's side (a transfer's receiver sees a credit from the sender). */
function expectedView(model: Model, transaction: ModelTransaction, index: number): Partial<TransactionBody> {
  const receiver = transaction.account !== index;
  const other = receiver ? transaction.account : transaction.counterparty;
  return {
    account_id: model.accounts[index].id,
    type: transaction.type,
    status: transaction.status,
    direction: sideOf(transaction, index) ?? undefined,
    amount: transaction.amount,
    currency: transaction.currency,
    counterparty_account_id: other === null ? null : model.accounts[other].id,
    payment_id: transaction.requestId,
    refunded_transaction_id: transaction.refundedId,
    amount_refunded: countsRefunds(transaction) ? amountRefunded(model, transaction) : null,
    reverses_transaction_id: transaction.reversesId,
    reversed_by_transaction_id: transaction.reversedById,
  };
}

function transactionDifferences(model: Model, index: number, view: AccountView): string[] {
  const account = model.accounts[index];
  const expected = model.transactions.filter((transaction) => sideOf(transaction, index) !== null);
  const shown = new Map(view.transactions.map((transaction) => [transaction.id, transaction]));
  const problems: string[] = [];
  for (const transaction of expected) {
    const actual = shown.get(transaction.id);
    shown.delete(transaction.id);
    const name = `${describeTransaction(model, transaction)} seen from ${account.label}`;
    if (actual === undefined) {
      problems.push(`${name}: not in GET /v1/transactions`);
      continue;
    }
    const wanted = expectedView(model, transaction, index);
    for (const key of Object.keys(wanted) as (keyof TransactionBody)[]) {
      if (!isSame(actual[key], wanted[key])) problems.push(`${name}: ${key} is ${JSON.stringify(actual[key])}, the model says ${JSON.stringify(wanted[key])}`);
    }
  }
  for (const unknown of shown.values()) {
    problems.push(`${account.label} shows a transaction the model does not know: ${JSON.stringify(unknown)}`);
  }
  return problems;
}

function requestDifferences(model: Model, index: number, view: AccountView): string[] {
  const account = model.accounts[index];
  const shown = new Map(view.payments.map((payment) => [payment.id, payment]));
  const problems: string[] = [];
  for (const request of model.requests.filter((candidate) => candidate.account === index)) {
    const actual = shown.get(request.id);
    shown.delete(request.id);
    if (actual === undefined) {
      problems.push(`${describeRequest(model, request)}: not in GET /v1/payments`);
      continue;
    }
    const refunded = requestRefunded(model, request);
    const wanted: Partial<PaymentBody> = {
      status: request.status,
      amount: request.amount,
      amount_captured: request.amountCaptured,
      amount_refunded: refunded,
      refunded: request.amountCaptured > 0 && refunded >= request.amountCaptured,
      transaction_id: request.creditId,
    };
    for (const key of Object.keys(wanted) as (keyof PaymentBody)[]) {
      if (!isSame(actual[key], wanted[key]))
        problems.push(`${describeRequest(model, request)}: ${key} is ${JSON.stringify(actual[key])}, the model says ${JSON.stringify(wanted[key])}`);
    }
  }
  for (const unknown of shown.values()) problems.push(`${account.label} shows a payment request the model does not know: ${unknown.id}`);
  return problems;
}

function payoutDifferences(model: Model, index: number, view: AccountView): string[] {
  const shown = new Map(view.payouts.map((payout) => [payout.id, payout]));
  const problems: string[] = [];
  for (const payout of model.payouts.filter((candidate) => candidate.account === index)) {
    const actual = shown.get(payout.id);
    shown.delete(payout.id);
    const wanted = { status: payout.status, amount: payout.amount, transaction_id: payout.transactionId, return_transaction_id: payout.returnTransactionId };
    const seen =
      actual === undefined
        ? undefined
        : { status: actual.status, amount: actual.amount, transaction_id: actual.transaction_id, return_transaction_id: actual.return_transaction_id };
    if (!isSame(seen, wanted)) problems.push(`${describePayout(model, payout)}: the API shows ${JSON.stringify(seen ?? 'nothing')}, the model ${JSON.stringify(wanted)}`);
  }
  for (const unknown of shown.values()) problems.push(`${model.accounts[index].label} shows a payout the model does not know: ${unknown.id}`);
  return problems;
}

function labelOf(model: Model, transactionId: string): string {
  return model.transactions.find((transaction) => transaction.id === transactionId)?.label ?? transactionId;
}

function labelOfRequest(model: Model, paymentId: string): string {
  return model.requests.find((request) => request.id === paymentId)?.label ?? paymentId;
}
