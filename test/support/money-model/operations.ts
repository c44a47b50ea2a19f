/**
 * Every money operation of the API, as the money model sees it: the request it sends (as the admin, naming
 * accounts with `account_id`), the answer the rules of contract sections 10, 15, 16 and 20 expect from the
 * model's state, and what a success changes in the model.
 */
import assert from 'node:assert/strict';
import { bankEntryId, camt053Credits } from '../camt053';
import { AccountBody, ClosureBody, PaymentBody, PayoutBody, ReconciliationBody, RefundBody, TransactionBody } from './api-shapes';
import {
  amountRefunded,
  availableOf,
  CaptureMethod,
  countsRefunds,
  CURRENCIES,
  Currency,
  debitRefused,
  describePayout,
  describeRefund,
  describeRequest,
  describeTransaction,
  Direction,
  isClosed,
  leftToGiveBack,
  Model,
  ModelRequest,
  ModelStatement,
  ModelTransaction,
  nextLabel,
  opposite,
  Overdraft,
  payoutById,
  PaymentStatus,
  Provider,
  refundById,
  refundStatus,
  requestById,
  StatementOutcome,
  transactionById,
  TransactionType,
} from './model';
import {
  ACCOUNT_CLOSED,
  ALREADY_REVERSED,
  Answer,
  BELONGS_TO_PAYOUT,
  BELONGS_TO_REFUND,
  Callers,
  Client,
  describeSender,
  Sender,
  senderFor,
  tokenOf,
  CAPTURE_ABOVE_AUTHORIZED,
  expectFields,
  HAS_REFUNDS,
  INSUFFICIENT_FUNDS,
  NOT_REFUNDABLE_TRANSACTION,
  Operation,
  Outcome,
  PAYMENT_NOT_PENDING,
  PAYMENT_NOT_REFUNDABLE,
  PAYOUT_NOT_MOVABLE,
  REFUND_EXCEEDS_PAYMENT,
  Rules,
  TRANSACTION_NOT_PENDING,
  TRANSACTION_NOT_POSTED,
} from './outcomes';

type NewTransaction = Pick<ModelTransaction, 'id' | 'account' | 'type' | 'direction' | 'amount' | 'currency' | 'status'> &
  Partial<Pick<ModelTransaction, 'counterparty' | 'refundedId' | 'reversesId' | 'requestId' | 'refundObjectId'>>;

function addTransaction(model: Model, fields: NewTransaction): ModelTransaction {
  const transaction: ModelTransaction = {
    label: nextLabel('T', model.transactions),
    counterparty: null,
    refundedId: null,
    reversesId: null,
    reversedById: null,
    requestId: null,
    refundObjectId: null,
    ...fields,
  };
  model.transactions.push(transaction);
  return transaction;
}

/** The posted credit a succeeded request books (read from the answer that settled it). */
function settle(model: Model, request: ModelRequest, answer: PaymentBody, captured: number): void {
  assert.ok(answer.transaction_id !== null, `${request.label} succeeded without a settlement credit`);
  request.status = 'succeeded';
  request.amountCaptured = captured;
  request.creditId = answer.transaction_id;
  addTransaction(model, {
    id: answer.transaction_id,
    account: request.account,
    type: 'credit',
    direction: 'credit',
    amount: captured,
    currency: request.currency,
    status: 'posted',
    requestId: request.id,
  });
}

async function answerOf(response: Promise<{ status: number; body: unknown }>): Promise<Answer> {
  const { status, body } = await response;
  return { status, body };
}

// ---------------------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------------------

export type BookedKind = 'payment' | 'credit' | 'debit adjustment' | 'credit adjustment' | 'refund';

const BOOKED: Record<BookedKind, { type: TransactionType; direction: Direction }> = {
  payment: { type: 'payment', direction: 'debit' },
  credit: { type: 'credit', direction: 'credit' },
  'debit adjustment': { type: 'adjustment', direction: 'debit' },
  'credit adjustment': { type: 'adjustment', direction: 'credit' },
  // A refund that names nothing: a credit (contract section 6).
  refund: { type: 'refund', direction: 'credit' },
};

/** POST /v1/transactions: a payment, credit, adjustment or unlinked refund, pending. */
export class BookTransaction implements Operation {
  readonly label: string;
  private readonly sender: Sender;
  private readonly accountId: string;

  constructor(
    model: Model,
    private readonly account: number,
    private readonly kind: BookedKind,
    private readonly amount: number,
    private readonly currency: Currency,
    client: Client,
  ) {
    this.accountId = model.accounts[account].id;
    this.sender = senderFor(model, client, account);
    this.label = `book a ${kind} of ${amount} ${currency} on ${model.accounts[account].label} (available ${availableOf(model, account, currency)}) ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const { type, direction } = BOOKED[this.kind];
    return new Rules()
      .refuseIf(isClosed(model, this.account), ACCOUNT_CLOSED)
      .refuseIf(direction === 'debit' && debitRefused(model, this.account, this.currency, this.amount), INSUFFICIENT_FUNDS)
      .otherwise(201, (answer) => {
        const body = answer.body as TransactionBody;
        expectFields(this.label, body, { account_id: this.accountId, type, direction, amount: this.amount, currency: this.currency, status: 'pending' });
        addTransaction(model, { id: body.id, account: this.account, type, direction, amount: this.amount, currency: this.currency, status: 'pending' });
      });
  }

  send(callers: Callers): Promise<Answer> {
    const { type, direction } = BOOKED[this.kind];
    const body = { type, amount: this.amount, currency: this.currency, account_id: this.accountId, ...(type === 'adjustment' ? { direction } : {}) };
    return answerOf(callers.api.post('/v1/transactions', body, { token: tokenOf(callers, this.sender) }));
  }
}

/** POST /v1/transactions: a pending transfer from one model account to another. */
export class Transfer implements Operation {
  readonly label: string;
  private readonly sender: Sender;
  private readonly senderId: string;
  private readonly receiverId: string;

  constructor(
    model: Model,
    private readonly from: number,
    private readonly to: number,
    private readonly amount: number,
    private readonly currency: Currency,
    client: Client,
  ) {
    this.senderId = model.accounts[from].id;
    this.receiverId = model.accounts[to].id;
    this.sender = senderFor(model, client, from);
    this.label = `transfer ${amount} ${currency} from ${model.accounts[from].label} (available ${availableOf(model, from, currency)}) to ${model.accounts[to].label} ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    return new Rules()
      .refuseIf(isClosed(model, this.from) || isClosed(model, this.to), ACCOUNT_CLOSED)
      .refuseIf(debitRefused(model, this.from, this.currency, this.amount), INSUFFICIENT_FUNDS)
      .otherwise(201, (answer) => {
        const body = answer.body as TransactionBody;
        expectFields(this.label, body, {
          account_id: this.senderId,
          counterparty_account_id: this.receiverId,
          type: 'transfer',
          direction: 'debit',
          amount: this.amount,
          currency: this.currency,
          status: 'pending',
        });
        addTransaction(model, {
          id: body.id,
          account: this.from,
          counterparty: this.to,
          type: 'transfer',
          direction: 'debit',
          amount: this.amount,
          currency: this.currency,
          status: 'pending',
        });
      });
  }

  send(callers: Callers): Promise<Answer> {
    const body = { type: 'transfer', amount: this.amount, currency: this.currency, account_id: this.senderId, counterparty_account_id: this.receiverId };
    return answerOf(callers.api.post('/v1/transactions', body, { token: tokenOf(callers, this.sender) }));
  }
}

/** POST /v1/transactions {type: 'refund', refunded_transaction_id}: gives back money of a payment or a credit. */
export class RefundByTransactions implements Operation {
  readonly label: string;
  private readonly sender: Sender;
  private readonly body: Record<string, unknown>;

  constructor(
    model: Model,
    private readonly refundedId: string,
    private readonly amount: number,
    client: Client,
  ) {
    const refunded = transactionById(model, refundedId);
    this.sender = senderFor(model, client, refunded.account);
    this.label = `refund ${amount} ${refunded.currency} of ${describeTransaction(model, refunded)} by POST /v1/transactions ${describeSender(model, this.sender)}`;
    // The refunded transaction's account and currency never change: the body is fixed now.
    this.body = { type: 'refund', amount, currency: refunded.currency, refunded_transaction_id: refunded.id, account_id: model.accounts[refunded.account].id };
  }

  outcome(model: Model): Outcome {
    const refunded = transactionById(model, this.refundedId);
    const direction = opposite(refunded.direction);
    return new Rules()
      .refuseIf(isClosed(model, refunded.account), ACCOUNT_CLOSED)
      .refuseIf(refunded.status === 'canceled' || refunded.reversedById !== null, NOT_REFUNDABLE_TRANSACTION)
      .refuseIf(direction === 'debit' && debitRefused(model, refunded.account, refunded.currency, this.amount), INSUFFICIENT_FUNDS)
      .refuseIf(this.amount > leftToGiveBack(model, refunded), REFUND_EXCEEDS_PAYMENT)
      .otherwise(201, (answer) => {
        const body = answer.body as TransactionBody;
        expectFields(this.label, body, {
          account_id: model.accounts[refunded.account].id,
          type: 'refund',
          direction,
          amount: this.amount,
          currency: refunded.currency,
          status: 'pending',
          refunded_transaction_id: refunded.id,
        });
        addTransaction(model, {
          id: body.id,
          account: refunded.account,
          type: 'refund',
          direction,
          amount: this.amount,
          currency: refunded.currency,
          status: 'pending',
          refundedId: refunded.id,
        });
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post('/v1/transactions', this.body, { token: tokenOf(callers, this.sender) }));
  }
}

/** POST /v1/transactions/{id}/post (admin): pending -> posted. */
export class PostTransaction implements Operation {
  readonly label: string;

  constructor(
    model: Model,
    private readonly transactionId: string,
  ) {
    this.label = `post ${describeTransaction(model, transactionById(model, transactionId))}`;
  }

  outcome(model: Model): Outcome {
    const transaction = transactionById(model, this.transactionId);
    return (
      new Rules()
        .refuseIf(transaction.type === 'payout', BELONGS_TO_PAYOUT)
        .refuseIf(isClosed(model, transaction.account) || (transaction.counterparty !== null && isClosed(model, transaction.counterparty)), ACCOUNT_CLOSED)
        .refuseIf(transaction.refundObjectId !== null, BELONGS_TO_REFUND)
        // A refund posts only once what it refunds has posted (so a closure never cancels a payment it gave back for).
        .refuseIf(transaction.refundedId !== null && transactionById(model, transaction.refundedId).status !== 'posted', TRANSACTION_NOT_POSTED)
        .refuseIf(transaction.status !== 'pending', TRANSACTION_NOT_PENDING)
        .otherwise(200, (answer) => {
          expectFields(this.label, answer.body as TransactionBody, { id: transaction.id, status: 'posted' });
          transaction.status = 'posted';
        })
    );
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post(`/v1/transactions/${this.transactionId}/post`, undefined, { token: callers.admin }));
  }
}

/** DELETE /v1/transactions/{id}: pending -> canceled; a canceled refund releases what it reserved. */
export class CancelTransaction implements Operation {
  readonly label: string;
  private readonly sender: Sender;

  constructor(
    model: Model,
    private readonly transactionId: string,
    client: Client,
  ) {
    this.sender = senderFor(model, client, transactionById(model, transactionId).account);
    this.label = `cancel ${describeTransaction(model, transactionById(model, transactionId))} ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const transaction = transactionById(model, this.transactionId);
    return new Rules()
      .refuseIf(transaction.type === 'payout', BELONGS_TO_PAYOUT)
      .refuseIf(isClosed(model, transaction.account), ACCOUNT_CLOSED)
      .refuseIf(transaction.refundObjectId !== null, BELONGS_TO_REFUND)
      .refuseIf(transaction.status !== 'pending', TRANSACTION_NOT_PENDING)
      .refuseIf(transaction.status === 'pending' && countsRefunds(transaction) && amountRefunded(model, transaction) > 0, REFUND_EXCEEDS_PAYMENT)
      .otherwise(200, (answer) => {
        expectFields(this.label, answer.body as TransactionBody, { id: transaction.id, status: 'canceled' });
        transaction.status = 'canceled';
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.delete(`/v1/transactions/${this.transactionId}`, undefined, { token: tokenOf(callers, this.sender) }));
  }
}

/** POST /v1/transactions/{id}/reverse (admin): the one posted reversal of a posted transaction. */
export class Reverse implements Operation {
  readonly label: string;

  constructor(
    model: Model,
    private readonly transactionId: string,
  ) {
    this.label = `reverse ${describeTransaction(model, transactionById(model, transactionId))}`;
  }

  outcome(model: Model): Outcome {
    const original = transactionById(model, this.transactionId);
    const transfer = original.counterparty !== null;
    // A transfer moves back from its receiver; anything else goes the other way on its account.
    const account = original.counterparty ?? original.account;
    const counterparty = transfer ? original.account : null;
    const direction: Direction = transfer ? 'debit' : opposite(original.direction);
    return new Rules()
      .refuseIf(original.type === 'payout', BELONGS_TO_PAYOUT)
      .refuseIf(original.status !== 'posted', TRANSACTION_NOT_POSTED)
      .refuseIf(original.reversedById !== null, ALREADY_REVERSED)
      .refuseIf(countsRefunds(original) && amountRefunded(model, original) > 0, HAS_REFUNDS)
      .refuseIf(isClosed(model, account) || (counterparty !== null && isClosed(model, counterparty)), ACCOUNT_CLOSED)
      .refuseIf(direction === 'debit' && debitRefused(model, account, original.currency, original.amount), INSUFFICIENT_FUNDS)
      .otherwise(201, (answer) => {
        const body = answer.body as TransactionBody;
        expectFields(this.label, body, {
          account_id: model.accounts[account].id,
          counterparty_account_id: counterparty === null ? null : model.accounts[counterparty].id,
          type: original.type,
          direction,
          amount: original.amount,
          currency: original.currency,
          status: 'posted',
          reverses_transaction_id: original.id,
        });
        addTransaction(model, {
          id: body.id,
          account,
          counterparty,
          type: original.type,
          direction,
          amount: original.amount,
          currency: original.currency,
          status: 'posted',
          reversesId: original.id,
        });
        original.reversedById = body.id;
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post(`/v1/transactions/${this.transactionId}/reverse`, {}, { token: callers.admin }));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Payment requests
// ---------------------------------------------------------------------------------------------------------

export type RequestKind = 'sandbox automatic' | 'sandbox manual' | 'bank_transfer';

const REQUEST_KINDS: Record<RequestKind, { provider: Provider; captureMethod: CaptureMethod }> = {
  'sandbox automatic': { provider: 'sandbox', captureMethod: 'automatic' },
  'sandbox manual': { provider: 'sandbox', captureMethod: 'manual' },
  bank_transfer: { provider: 'bank_transfer', captureMethod: 'automatic' },
};

/** POST /v1/payments: a pending request on the sandbox (automatic or manual capture) or paid by bank transfer. */
export class CreateRequest implements Operation {
  readonly label: string;
  private readonly sender: Sender;
  private readonly accountId: string;

  constructor(
    model: Model,
    private readonly account: number,
    private readonly kind: RequestKind,
    private readonly amount: number,
    private readonly currency: Currency,
    client: Client,
  ) {
    this.accountId = model.accounts[account].id;
    this.sender = senderFor(model, client, account);
    this.label = `ask for ${amount} ${currency} on ${model.accounts[account].label} (${kind}) ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const { provider, captureMethod } = REQUEST_KINDS[this.kind];
    return new Rules().refuseIf(isClosed(model, this.account), ACCOUNT_CLOSED).otherwise(201, (answer) => {
      const body = answer.body as PaymentBody;
      expectFields(this.label, body, {
        account_id: this.accountId,
        status: 'pending',
        amount: this.amount,
        currency: this.currency,
        provider,
        capture_method: captureMethod,
        amount_captured: 0,
        amount_refunded: 0,
        refunded: false,
        transaction_id: null,
      });
      if (provider === 'bank_transfer') assert.match(body.provider_reference ?? '', /^RF\d{2}[0-9A-Z]+$/, `${this.label}: provider_reference`);
      model.requests.push({
        label: nextLabel('P', model.requests),
        id: body.id,
        account: this.account,
        provider,
        captureMethod,
        amount: this.amount,
        currency: this.currency,
        status: 'pending',
        amountCaptured: 0,
        creditId: null,
        reference: body.provider_reference,
      });
    });
  }

  send(callers: Callers): Promise<Answer> {
    const { provider, captureMethod } = REQUEST_KINDS[this.kind];
    const body = {
      purpose: 'invoice',
      amount: this.amount,
      currency: this.currency,
      customer: { email: 'payer@example.com' },
      provider,
      account_id: this.accountId,
      ...(provider === 'sandbox' ? { capture_method: captureMethod } : {}),
    };
    return answerOf(callers.api.post('/v1/payments', body, { token: tokenOf(callers, this.sender) }));
  }
}

export type SimulatedOutcome = 'succeeded' | 'failed' | 'authorized';

/** The statuses each simulated outcome may follow (src/payments/payment-status.ts). */
function simulatedFrom(outcome: SimulatedOutcome, captureMethod: CaptureMethod): PaymentStatus[] {
  if (outcome === 'authorized') return captureMethod === 'manual' ? ['pending'] : [];
  if (outcome === 'succeeded') return captureMethod === 'manual' ? ['pending', 'authorized'] : ['pending'];
  return ['pending'];
}

/** POST /v1/payments/{id}/simulate: the sandbox's customer. */
export class Simulate implements Operation {
  readonly label: string;
  private readonly sender: Sender;

  constructor(
    model: Model,
    private readonly requestId: string,
    private readonly simulated: SimulatedOutcome,
    client: Client,
  ) {
    this.sender = senderFor(model, client, requestById(model, requestId).account);
    this.label = `simulate ${simulated} on ${describeRequest(model, requestById(model, requestId))} ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const request = requestById(model, this.requestId);
    return new Rules()
      .refuseIf(isClosed(model, request.account), ACCOUNT_CLOSED)
      .refuseIf(!simulatedFrom(this.simulated, request.captureMethod).includes(request.status), PAYMENT_NOT_PENDING)
      .otherwise(200, (answer) => {
        const body = answer.body as PaymentBody;
        expectFields(this.label, body, { id: request.id, status: this.simulated, amount_captured: this.simulated === 'succeeded' ? request.amount : 0 });
        if (this.simulated === 'succeeded') settle(model, request, body, request.amount);
        else request.status = this.simulated;
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post(`/v1/payments/${this.requestId}/simulate`, { outcome: this.simulated }, { token: tokenOf(callers, this.sender) }));
  }
}

/** POST /v1/payments/{id}/capture: all of an authorization, or part of it. */
export class Capture implements Operation {
  readonly label: string;
  private readonly sender: Sender;

  constructor(
    model: Model,
    private readonly requestId: string,
    private readonly amount: number | null,
    client: Client,
  ) {
    this.sender = senderFor(model, client, requestById(model, requestId).account);
    this.label = `capture ${amount ?? 'all'} of ${describeRequest(model, requestById(model, requestId))} ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const request = requestById(model, this.requestId);
    const captured = this.amount ?? request.amount;
    return new Rules()
      .refuseIf(isClosed(model, request.account), ACCOUNT_CLOSED)
      .refuseIf(request.status !== 'authorized', PAYMENT_NOT_PENDING)
      .refuseIf(captured > request.amount, CAPTURE_ABOVE_AUTHORIZED)
      .otherwise(200, (answer) => {
        const body = answer.body as PaymentBody;
        expectFields(this.label, body, { id: request.id, status: 'succeeded', amount_captured: captured });
        settle(model, request, body, captured);
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post(`/v1/payments/${this.requestId}/capture`, this.amount === null ? {} : { amount: this.amount }, { token: tokenOf(callers, this.sender) }));
  }
}

/** POST /v1/payments/{id}/cancel: withdraws a pending request or releases an authorization. */
export class CancelRequest implements Operation {
  readonly label: string;
  private readonly sender: Sender;

  constructor(
    model: Model,
    private readonly requestId: string,
    client: Client,
  ) {
    this.sender = senderFor(model, client, requestById(model, requestId).account);
    this.label = `cancel ${describeRequest(model, requestById(model, requestId))} ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const request = requestById(model, this.requestId);
    return new Rules()
      .refuseIf(isClosed(model, request.account), ACCOUNT_CLOSED)
      .refuseIf(request.status !== 'pending' && request.status !== 'authorized', PAYMENT_NOT_PENDING)
      .otherwise(200, (answer) => {
        expectFields(this.label, answer.body as PaymentBody, { id: request.id, status: 'canceled' });
        request.status = 'canceled';
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post(`/v1/payments/${this.requestId}/cancel`, {}, { token: tokenOf(callers, this.sender) }));
  }
}

const XML = { 'content-type': 'application/xml' };

/** A report's lines without their inbox ids (new for every line; the model knows lines by their entry ids). */
function withoutLineIds(report: ReconciliationBody): ReconciliationBody {
  return {
    ...report,
    matched: report.matched.map(({ entry_id, payment_id }) => ({ entry_id, payment_id })),
    unmatched: report.unmatched.map(({ entry_id, reason }) => ({ entry_id, reason })),
  };
}

/** What a statement line quoting the request settles, or why it settles nothing (contract section 16). */
function statementOutcome(request: ModelRequest, amount: number): StatementOutcome {
  if (request.status === 'succeeded') return 'already_settled';
  if (request.status !== 'pending') return 'request_not_open';
  return amount === request.amount ? 'matched' : 'amount_mismatch';
}

/** POST /v1/bank_statements: a camt.053 with one credit line quoting a bank_transfer request's RF reference. */
export class ImportStatement implements Operation {
  readonly label: string;
  private readonly entryId = bankEntryId();
  private readonly amount: number;
  private readonly xml: string;

  constructor(
    model: Model,
    private readonly requestId: string,
    amountOff: boolean,
  ) {
    const request = requestById(model, requestId);
    this.amount = request.amount + (amountOff ? 1 : 0);
    this.xml = camt053Credits([{ amount: this.amount, currency: request.currency, reference: request.reference ?? '', entryId: this.entryId }]);
    this.label = `import a statement line of ${this.amount} ${request.currency} quoting ${describeRequest(model, request)}`;
  }

  outcome(model: Model): Outcome {
    const request = requestById(model, this.requestId);
    const expected = statementOutcome(request, this.amount);
    return new Rules().otherwise(200, (answer) => {
      const report = withoutLineIds(answer.body as ReconciliationBody);
      expectFields(this.label, report, {
        lines: 1,
        matched: expected === 'matched' ? [{ entry_id: this.entryId, payment_id: request.id }] : [],
        unmatched: expected === 'matched' ? [] : [{ entry_id: this.entryId, reason: expected }],
      });
      if (expected === 'matched') {
        const settled = answer.after as PaymentBody;
        expectFields(`${this.label}, then GET /v1/payments/${request.id}`, settled, { status: 'succeeded', amount_captured: request.amount });
        settle(model, request, settled, request.amount);
      }
      const statement: ModelStatement = { label: nextLabel('S', model.statements), entryId: this.entryId, xml: this.xml, requestId: request.id, outcome: expected };
      model.statements.push(statement);
    });
  }

  async send(callers: Callers): Promise<Answer> {
    const imported = await callers.api.post('/v1/bank_statements?mode=test', undefined, { token: callers.admin, rawBody: this.xml, headers: XML });
    if (imported.status !== 200) return { status: imported.status, body: imported.body };
    const settled = await callers.api.get(`/v1/payments/${this.requestId}`, { token: callers.admin });
    return { status: imported.status, body: imported.body, after: settled.body };
  }
}

/** POST /v1/bank_statements again with a statement imported before: its line settles nothing twice. */
export class ImportStatementAgain implements Operation {
  readonly label: string;
  private readonly statement: ModelStatement;

  constructor(model: Model, statement: ModelStatement) {
    this.statement = { ...statement };
    this.label = `import statement ${statement.label} again (its line was ${statement.outcome}; ${describeRequest(model, requestById(model, statement.requestId))})`;
  }

  outcome(): Outcome {
    const reason = this.statement.outcome === 'matched' ? 'already_settled' : this.statement.outcome;
    return new Rules().otherwise(200, (answer) => {
      expectFields(this.label, withoutLineIds(answer.body as ReconciliationBody), { lines: 1, matched: [], unmatched: [{ entry_id: this.statement.entryId, reason }] });
    });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post('/v1/bank_statements?mode=test', undefined, { token: callers.admin, rawBody: this.statement.xml, headers: XML }));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Refunds of payment requests
// ---------------------------------------------------------------------------------------------------------

/** POST /v1/payments/{id}/refunds: the sandbox refunds at once, a bank transfer's refund waits for an admin. */
export class RefundByPayment implements Operation {
  readonly label: string;
  private readonly sender: Sender;

  constructor(
    model: Model,
    private readonly requestId: string,
    /** Null: the body leaves `amount` out (what is left). */
    private readonly amount: number | null,
    client: Client,
  ) {
    this.sender = senderFor(model, client, requestById(model, requestId).account);
    this.label = `refund ${amount ?? 'what is left'} of ${describeRequest(model, requestById(model, requestId))} by POST /v1/payments/{id}/refunds ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const request = requestById(model, this.requestId);
    const rules = new Rules().refuseIf(request.status !== 'succeeded', PAYMENT_NOT_REFUNDABLE).refuseIf(isClosed(model, request.account), ACCOUNT_CLOSED);
    if (request.creditId === null) return rules.otherwise(201, () => assert.fail(`${request.label} has no credit to refund`));
    const credit = transactionById(model, request.creditId);
    const left = leftToGiveBack(model, credit);
    const amount = this.amount ?? left;
    return rules
      .refuseIf(amount <= 0, REFUND_EXCEEDS_PAYMENT)
      .refuseIf(credit.reversedById !== null, PAYMENT_NOT_REFUNDABLE)
      .refuseIf(amount > 0 && debitRefused(model, request.account, request.currency, amount), INSUFFICIENT_FUNDS)
      .refuseIf(amount > left, REFUND_EXCEEDS_PAYMENT)
      .otherwise(201, (answer) => {
        const body = answer.body as RefundBody;
        const atOnce = request.provider === 'sandbox';
        expectFields(this.label, body, { payment_id: request.id, amount, currency: request.currency, status: atOnce ? 'succeeded' : 'pending' });
        model.refunds.push({ label: nextLabel('R', model.refunds), id: body.id, requestId: request.id, amount, transactionId: body.transaction_id });
        addTransaction(model, {
          id: body.transaction_id,
          account: request.account,
          type: 'refund',
          direction: 'debit',
          amount,
          currency: request.currency,
          status: atOnce ? 'posted' : 'pending',
          refundedId: credit.id,
          refundObjectId: body.id,
        });
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post(`/v1/payments/${this.requestId}/refunds`, this.amount === null ? {} : { amount: this.amount }, { token: tokenOf(callers, this.sender) }));
  }
}

export type BankAnswer = 'succeeded' | 'failed';

/** POST /v1/refunds/{id}/confirm (admin): the bank's answer to a pending bank-transfer refund. */
export class ConfirmRefund implements Operation {
  readonly label: string;

  constructor(
    model: Model,
    private readonly refundId: string,
    private readonly bankAnswer: BankAnswer,
  ) {
    this.label = `confirm ${describeRefund(model, refundById(model, refundId))} as ${bankAnswer}`;
  }

  outcome(model: Model): Outcome {
    const refund = refundById(model, this.refundId);
    return new Rules()
      .refuseIf(isClosed(model, requestById(model, refund.requestId).account), ACCOUNT_CLOSED)
      .refuseIf(refundStatus(model, refund) !== 'pending', TRANSACTION_NOT_PENDING)
      .otherwise(200, (answer) => {
        expectFields(this.label, answer.body as RefundBody, { id: refund.id, status: this.bankAnswer });
        transactionById(model, refund.transactionId).status = this.bankAnswer === 'succeeded' ? 'posted' : 'canceled';
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post(`/v1/refunds/${this.refundId}/confirm`, { outcome: this.bankAnswer }, { token: callers.admin }));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------------------

/** PATCH /v1/accounts?account_id=: the overdraft rule; forbidding it needs no available balance below zero. */
// ---------------------------------------------------------------------------------------------------------
// Payouts (contract section 23, test mode: the bank's answer comes from the test helpers)
// ---------------------------------------------------------------------------------------------------------

/** A SEPA IBAN whose check digits are right (the example of the German banks' association). */
const PAYEE = { iban: 'DE89370400440532013000', name: 'Money model payee' };

/** POST /v1/payouts: a pending `payout` debit reserves the amount on the account's EUR balance. */
export class CreatePayout implements Operation {
  readonly label: string;
  private readonly sender: Sender;
  private readonly accountId: string;

  constructor(
    model: Model,
    private readonly account: number,
    private readonly amount: number,
    client: Client,
  ) {
    this.accountId = model.accounts[account].id;
    this.sender = senderFor(model, client, account);
    this.label = `pay out ${amount} EUR from ${model.accounts[account].label} (available ${availableOf(model, account, 'EUR')}) ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    return new Rules()
      .refuseIf(isClosed(model, this.account), ACCOUNT_CLOSED)
      .refuseIf(debitRefused(model, this.account, 'EUR', this.amount), INSUFFICIENT_FUNDS)
      .otherwise(201, (answer) => {
        const body = answer.body as PayoutBody;
        expectFields(this.label, body, { account_id: this.accountId, amount: this.amount, currency: 'EUR', status: 'pending', return_transaction_id: null });
        addTransaction(model, { id: body.transaction_id, account: this.account, type: 'payout', direction: 'debit', amount: this.amount, currency: 'EUR', status: 'pending' });
        model.payouts.push({
          label: nextLabel('O', model.payouts),
          id: body.id,
          account: this.account,
          amount: this.amount,
          status: 'pending',
          transactionId: body.transaction_id,
          returnTransactionId: null,
        });
      });
  }

  send(callers: Callers): Promise<Answer> {
    const body = { account_id: this.accountId, amount: this.amount, currency: 'EUR', destination: PAYEE };
    return answerOf(callers.api.post('/v1/payouts', body, { token: tokenOf(callers, this.sender) }));
  }
}

/** POST /v1/payouts/{id}/cancel: pending -> canceled, its debit canceled (the reservation released). */
export class CancelPayout implements Operation {
  readonly label: string;
  private readonly sender: Sender;

  constructor(
    model: Model,
    private readonly payoutId: string,
    client: Client,
  ) {
    const payout = payoutById(model, payoutId);
    this.sender = senderFor(model, client, payout.account);
    this.label = `cancel payout ${describePayout(model, payout)} ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const payout = payoutById(model, this.payoutId);
    return new Rules()
      .refuseIf(isClosed(model, payout.account), ACCOUNT_CLOSED)
      .refuseIf(payout.status !== 'pending', PAYOUT_NOT_MOVABLE)
      .otherwise(200, (answer) => {
        expectFields(this.label, answer.body as PayoutBody, { id: payout.id, status: 'canceled' });
        payout.status = 'canceled';
        transactionById(model, payout.transactionId).status = 'canceled';
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.post(`/v1/payouts/${this.payoutId}/cancel`, undefined, { token: tokenOf(callers, this.sender) }));
  }
}

export type PayoutAnswer = 'paid' | 'returned';

/**
 * POST /v1/test_helpers/payouts/{id}/paid (pending -> paid, its debit posted) or /returned (pending or paid ->
 * returned: its debit posted if it was not, and a posted `payout` credit books the amount back).
 */
export class AnswerPayout implements Operation {
  readonly label: string;
  private readonly sender: Sender;

  constructor(
    model: Model,
    private readonly payoutId: string,
    private readonly answer: PayoutAnswer,
    client: Client,
  ) {
    const payout = payoutById(model, payoutId);
    this.sender = senderFor(model, client, payout.account);
    this.label = `the bank answers ${answer} for ${describePayout(model, payout)} ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const payout = payoutById(model, this.payoutId);
    const from = this.answer === 'paid' ? ['pending'] : ['pending', 'paid'];
    return new Rules().refuseIf(!from.includes(payout.status), PAYOUT_NOT_MOVABLE).otherwise(200, (answer) => {
      const body = answer.body as PayoutBody;
      expectFields(this.label, body, { id: payout.id, status: this.answer, failure_code: this.answer === 'returned' ? 'AC04' : null });
      payout.status = this.answer;
      transactionById(model, payout.transactionId).status = 'posted';
      if (this.answer === 'paid') return;
      assert.ok(body.return_transaction_id !== null, `${this.label}: returned without a return_transaction_id`);
      payout.returnTransactionId = body.return_transaction_id;
      addTransaction(model, {
        id: body.return_transaction_id,
        account: payout.account,
        type: 'payout',
        direction: 'credit',
        amount: payout.amount,
        currency: 'EUR',
        status: 'posted',
      });
    });
  }

  send(callers: Callers): Promise<Answer> {
    const body = this.answer === 'returned' ? { reason: 'AC04' } : {};
    return answerOf(callers.api.post(`/v1/test_helpers/payouts/${this.payoutId}/${this.answer}`, body, { token: tokenOf(callers, this.sender) }));
  }
}

export class SetOverdraft implements Operation {
  readonly label: string;
  private readonly sender: Sender;
  private readonly accountId: string;

  constructor(
    model: Model,
    private readonly account: number,
    private readonly overdraft: Overdraft,
    client: Client,
  ) {
    this.accountId = model.accounts[account].id;
    const available = CURRENCIES.map((currency) => `${availableOf(model, account, currency)} ${currency}`).join(', ');
    this.sender = senderFor(model, client, account);
    this.label = `set overdraft ${overdraft} on ${model.accounts[account].label} (${model.accounts[account].overdraft}, available ${available}) ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const account = model.accounts[this.account];
    const overdrawn = CURRENCIES.some((currency) => availableOf(model, this.account, currency) < 0);
    return new Rules()
      .refuseIf(account.status === 'closed', ACCOUNT_CLOSED)
      .refuseIf(this.overdraft === 'forbidden' && account.overdraft === 'allowed' && overdrawn, INSUFFICIENT_FUNDS)
      .otherwise(200, (answer) => {
        expectFields(this.label, answer.body as AccountBody, { id: account.id, overdraft: this.overdraft, status: 'open' });
        account.overdraft = this.overdraft;
      });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.patch(`/v1/accounts?account_id=${this.accountId}`, { overdraft: this.overdraft }, { token: tokenOf(callers, this.sender) }));
  }
}

/**
 * DELETE /v1/auth/close?account_id= (admin): the account's pending transactions and the pending transfers to it
 * are canceled (pending refunds release what they reserved, a bank transfer's pending refunds fail), its open
 * requests are canceled.
 */
export class CloseAccount implements Operation {
  readonly label: string;
  private readonly sender: Sender;
  private readonly accountId: string;

  constructor(
    model: Model,
    private readonly account: number,
    client: Client,
  ) {
    this.accountId = model.accounts[account].id;
    this.sender = senderFor(model, client, account);
    this.label = `close account ${model.accounts[account].label} ${describeSender(model, this.sender)}`;
  }

  outcome(model: Model): Outcome {
    const account = model.accounts[this.account];
    const pending = model.transactions.filter(
      (transaction) => transaction.status === 'pending' && (transaction.account === this.account || transaction.counterparty === this.account),
    );
    const open = model.requests.filter((request) => request.account === this.account && (request.status === 'pending' || request.status === 'authorized'));
    return new Rules().refuseIf(account.status === 'closed', ACCOUNT_CLOSED).otherwise(200, (answer) => {
      expectFields(this.label, answer.body as ClosureBody, { account_id: account.id, status: 'closed', canceled_transactions: pending.length, canceled_payments: open.length });
      for (const transaction of pending) transaction.status = 'canceled';
      for (const request of open) request.status = 'canceled';
      // Its pending payouts with them (their debits are among the pending transactions above).
      for (const payout of model.payouts) if (payout.account === this.account && payout.status === 'pending') payout.status = 'canceled';
      account.status = 'closed';
    });
  }

  send(callers: Callers): Promise<Answer> {
    return answerOf(callers.api.delete(`/v1/auth/close?account_id=${this.accountId}`, undefined, { token: tokenOf(callers, this.sender) }));
  }
}
