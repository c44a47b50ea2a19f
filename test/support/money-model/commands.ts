/**
 * The commands of the money model (fast-check model-based testing): one per money operation of the API, and
 * a burst of concurrent give-backs and debits on one credit. A command names its target by a number taken
 * modulo the candidates the model holds when it runs, so that shrinking keeps every sequence meaningful.
 * toString() is what fast-check prints of a failing sequence; the failure's message adds the trace of the
 * run with every target resolved.
 */
import fc from 'fast-check';
import { AmountSpec, describeAmount, fixedAmount, relativeAmount, resolveAmount } from './amounts';
import { performConcurrently, performSerially } from './execute';
import {
  availableOf,
  countsRefunds,
  CURRENCIES,
  Currency,
  leftToGiveBack,
  Model,
  ModelPayout,
  ModelRequest,
  ModelTransaction,
  Overdraft,
  refundStatus,
  transactionById,
} from './model';
import {
  AnswerPayout,
  BankAnswer,
  BookedKind,
  BookTransaction,
  CancelPayout,
  CancelRequest,
  CancelTransaction,
  Capture,
  CloseAccount,
  ConfirmRefund,
  CreatePayout,
  CreateRequest,
  ImportStatement,
  ImportStatementAgain,
  PayoutAnswer,
  PostTransaction,
  RefundByPayment,
  RefundByTransactions,
  RequestKind,
  Reverse,
  SetOverdraft,
  Simulate,
  SimulatedOutcome,
  Transfer,
} from './operations';
import { Callers, Client, Operation } from './outcomes';
import { ACCOUNT_COUNT, MoneySystem } from './system';
import { verifyAgainstModel, verifyLedger } from './verify';

export type MoneyCommand = fc.AsyncCommand<Model, MoneySystem>;

const ACCOUNT_NAMES = ['A', 'B', 'C'];
/** How many transactions and requests a run holds before an account may close. */
const CLOSURE_AFTER = 4;

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length];
}

/** After every command: the model against the API, and the books when they are due. */
async function verifyStep(callers: Callers, model: Model, system: MoneySystem): Promise<void> {
  const ledgerDue = system.stepDone();
  await verifyAgainstModel(callers, model);
  if (ledgerDue) await verifyLedger(callers);
}

/** A command that sends one request. */
abstract class SerialCommand implements MoneyCommand {
  abstract check(model: Readonly<Model>): boolean;
  abstract toString(): string;
  protected abstract operation(model: Model): Operation;

  async run(model: Model, system: MoneySystem): Promise<void> {
    const callers = await system.callers();
    await performSerially(callers, model, this.operation(model), system);
    await verifyStep(callers, model, system);
  }
}

// What commands may name.
const refundable = (model: Readonly<Model>): ModelTransaction[] => model.transactions.filter(countsRefunds);
const pendingTransactions = (model: Readonly<Model>): ModelTransaction[] => model.transactions.filter((transaction) => transaction.status === 'pending');
const postedTransactions = (model: Readonly<Model>): ModelTransaction[] => model.transactions.filter((transaction) => transaction.status === 'posted');
const sandboxRequests = (model: Readonly<Model>): ModelRequest[] => model.requests.filter((request) => request.provider === 'sandbox');
const manualRequests = (model: Readonly<Model>): ModelRequest[] => model.requests.filter((request) => request.captureMethod === 'manual');
const bankRequests = (model: Readonly<Model>): ModelRequest[] => model.requests.filter((request) => request.provider === 'bank_transfer');
const succeededRequests = (model: Readonly<Model>): ModelRequest[] => model.requests.filter((request) => request.status === 'succeeded');

/** Those a move can take: pending ones, and paid ones for a return. */
const movablePayouts = (model: Readonly<Model>, move: PayoutMove): ModelPayout[] =>
  model.payouts.filter((payout) => payout.status === 'pending' || (move === 'returned' && payout.status === 'paid'));

const isOpen = (request: ModelRequest): boolean => request.status === 'pending' || request.status === 'authorized';

/** What a command names: the candidates it is about when focused (most of the time), else every one of their kind. */
function candidates<T>(focused: boolean, all: readonly T[], about: (item: T) => boolean): T[] {
  return focused ? all.filter(about) : [...all];
}

const DEBITS: readonly BookedKind[] = ['payment', 'debit adjustment'];

class BookCommand extends SerialCommand {
  constructor(
    private readonly account: number,
    private readonly kind: BookedKind,
    private readonly currency: Currency,
    private readonly amount: AmountSpec,
    private readonly client: Client,
  ) {
    super();
  }

  check(): boolean {
    return true;
  }

  protected operation(model: Model): Operation {
    const available = availableOf(model, this.account, this.currency);
    return new BookTransaction(model, this.account, this.kind, resolveAmount(this.amount, available), this.currency, this.client);
  }

  toString(): string {
    return `book(${this.kind} on ${ACCOUNT_NAMES[this.account]}, ${describeAmount(this.amount, 'available')} ${this.currency}, by ${this.client})`;
  }
}

class TransferCommand extends SerialCommand {
  constructor(
    private readonly sender: number,
    private readonly receiverOffset: number,
    private readonly currency: Currency,
    private readonly amount: AmountSpec,
    private readonly client: Client,
  ) {
    super();
  }

  check(): boolean {
    return true;
  }

  private get receiver(): number {
    return (this.sender + this.receiverOffset) % ACCOUNT_COUNT;
  }

  protected operation(model: Model): Operation {
    const available = availableOf(model, this.sender, this.currency);
    return new Transfer(model, this.sender, this.receiver, resolveAmount(this.amount, available), this.currency, this.client);
  }

  toString(): string {
    return `transfer(${ACCOUNT_NAMES[this.sender]} to ${ACCOUNT_NAMES[this.receiver]}, ${describeAmount(this.amount, 'available')} ${this.currency}, by ${this.client})`;
  }
}

class RefundByTransactionsCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly amount: AmountSpec,
    private readonly client: Client,
  ) {
    super();
  }

  check(model: Readonly<Model>): boolean {
    return refundable(model).length > 0;
  }

  protected operation(model: Model): Operation {
    const refunded = pick(refundable(model), this.target);
    return new RefundByTransactions(model, refunded.id, resolveAmount(this.amount, leftToGiveBack(model, refunded)), this.client);
  }

  toString(): string {
    return `refundByTransactions(payment or credit #${this.target}, ${describeAmount(this.amount, 'what is left')}, by ${this.client})`;
  }
}

class PostCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly pendingOnly: boolean,
  ) {
    super();
  }

  check(model: Readonly<Model>): boolean {
    return (this.pendingOnly ? pendingTransactions(model) : model.transactions).length > 0;
  }

  protected operation(model: Model): Operation {
    return new PostTransaction(model, pick(this.pendingOnly ? pendingTransactions(model) : model.transactions, this.target).id);
  }

  toString(): string {
    return `post(${this.pendingOnly ? 'pending ' : ''}transaction #${this.target})`;
  }
}

class CancelTransactionCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly pendingOnly: boolean,
    private readonly client: Client,
  ) {
    super();
  }

  check(model: Readonly<Model>): boolean {
    return (this.pendingOnly ? pendingTransactions(model) : model.transactions).length > 0;
  }

  protected operation(model: Model): Operation {
    return new CancelTransaction(model, pick(this.pendingOnly ? pendingTransactions(model) : model.transactions, this.target).id, this.client);
  }

  toString(): string {
    return `cancelTransaction(${this.pendingOnly ? 'pending ' : ''}transaction #${this.target}, by ${this.client})`;
  }
}

class ReverseCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly postedOnly: boolean,
  ) {
    super();
  }

  check(model: Readonly<Model>): boolean {
    return (this.postedOnly ? postedTransactions(model) : model.transactions).length > 0;
  }

  protected operation(model: Model): Operation {
    return new Reverse(model, pick(this.postedOnly ? postedTransactions(model) : model.transactions, this.target).id);
  }

  toString(): string {
    return `reverse(${this.postedOnly ? 'posted ' : ''}transaction #${this.target})`;
  }
}

class CreateRequestCommand extends SerialCommand {
  constructor(
    private readonly account: number,
    private readonly kind: RequestKind,
    private readonly currency: Currency,
    private readonly amount: number,
    private readonly client: Client,
  ) {
    super();
  }

  check(): boolean {
    return true;
  }

  protected operation(model: Model): Operation {
    return new CreateRequest(model, this.account, this.kind, this.amount, this.currency, this.client);
  }

  toString(): string {
    return `createRequest(${this.kind} on ${ACCOUNT_NAMES[this.account]}, ${this.amount} ${this.currency}, by ${this.client})`;
  }
}

class SimulateCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly focused: boolean,
    private readonly outcome: SimulatedOutcome,
    private readonly client: Client,
  ) {
    super();
  }

  private candidates(model: Readonly<Model>): ModelRequest[] {
    return candidates(this.focused, sandboxRequests(model), isOpen);
  }

  check(model: Readonly<Model>): boolean {
    return this.candidates(model).length > 0;
  }

  protected operation(model: Model): Operation {
    return new Simulate(model, pick(this.candidates(model), this.target).id, this.outcome, this.client);
  }

  toString(): string {
    return `simulate(${this.outcome} on ${this.focused ? 'open ' : ''}sandbox request #${this.target}, by ${this.client})`;
  }
}

class CaptureCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly focused: boolean,
    private readonly amount: AmountSpec | null,
    private readonly client: Client,
  ) {
    super();
  }

  private candidates(model: Readonly<Model>): ModelRequest[] {
    return candidates(this.focused, manualRequests(model), (request) => request.status === 'authorized');
  }

  check(model: Readonly<Model>): boolean {
    return this.candidates(model).length > 0;
  }

  protected operation(model: Model): Operation {
    const request = pick(this.candidates(model), this.target);
    return new Capture(model, request.id, this.amount === null ? null : resolveAmount(this.amount, request.amount), this.client);
  }

  toString(): string {
    return `capture(${this.focused ? 'authorized' : 'manual'} request #${this.target}, ${this.amount === null ? 'no amount' : describeAmount(this.amount, 'the authorization')}, by ${this.client})`;
  }
}

class CancelRequestCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly focused: boolean,
    private readonly client: Client,
  ) {
    super();
  }

  private candidates(model: Readonly<Model>): ModelRequest[] {
    return candidates(this.focused, model.requests, isOpen);
  }

  check(model: Readonly<Model>): boolean {
    return this.candidates(model).length > 0;
  }

  protected operation(model: Model): Operation {
    return new CancelRequest(model, pick(this.candidates(model), this.target).id, this.client);
  }

  toString(): string {
    return `cancelRequest(${this.focused ? 'open ' : ''}request #${this.target}, by ${this.client})`;
  }
}

class ImportStatementCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly focused: boolean,
    private readonly amountOff: boolean,
  ) {
    super();
  }

  private candidates(model: Readonly<Model>): ModelRequest[] {
    return candidates(this.focused, bankRequests(model), (request) => request.status === 'pending');
  }

  check(model: Readonly<Model>): boolean {
    return this.candidates(model).length > 0;
  }

  protected operation(model: Model): Operation {
    return new ImportStatement(model, pick(this.candidates(model), this.target).id, this.amountOff);
  }

  toString(): string {
    return `importStatement(${this.focused ? 'pending ' : ''}bank_transfer request #${this.target}${this.amountOff ? ', amount off by one' : ''})`;
  }
}

class ImportAgainCommand extends SerialCommand {
  constructor(private readonly target: number) {
    super();
  }

  check(model: Readonly<Model>): boolean {
    return model.statements.length > 0;
  }

  protected operation(model: Model): Operation {
    return new ImportStatementAgain(model, pick(model.statements, this.target));
  }

  toString(): string {
    return `importStatementAgain(statement #${this.target})`;
  }
}

class RefundByPaymentCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly succeededOnly: boolean,
    private readonly amount: AmountSpec | null,
    private readonly client: Client,
  ) {
    super();
  }

  check(model: Readonly<Model>): boolean {
    return (this.succeededOnly ? succeededRequests(model) : model.requests).length > 0;
  }

  protected operation(model: Model): Operation {
    const request = pick(this.succeededOnly ? succeededRequests(model) : model.requests, this.target);
    const left = request.creditId === null ? 0 : leftToGiveBack(model, transactionById(model, request.creditId));
    return new RefundByPayment(model, request.id, this.amount === null ? null : resolveAmount(this.amount, left), this.client);
  }

  toString(): string {
    return `refundByPayment(${this.succeededOnly ? 'succeeded ' : ''}request #${this.target}, ${this.amount === null ? 'no amount' : describeAmount(this.amount, 'what is left')}, by ${this.client})`;
  }
}

class ConfirmRefundCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly pendingOnly: boolean,
    private readonly answer: BankAnswer,
  ) {
    super();
  }

  private candidates(model: Readonly<Model>): Model['refunds'] {
    return this.pendingOnly ? model.refunds.filter((refund) => refundStatus(model, refund) === 'pending') : model.refunds;
  }

  check(model: Readonly<Model>): boolean {
    return this.candidates(model).length > 0;
  }

  protected operation(model: Model): Operation {
    return new ConfirmRefund(model, pick(this.candidates(model), this.target).id, this.answer);
  }

  toString(): string {
    return `confirmRefund(${this.pendingOnly ? 'pending ' : ''}refund #${this.target}, ${this.answer})`;
  }
}

class SetOverdraftCommand extends SerialCommand {
  constructor(
    private readonly account: number,
    private readonly overdraft: Overdraft,
    private readonly client: Client,
  ) {
    super();
  }

  check(): boolean {
    return true;
  }

  protected operation(model: Model): Operation {
    return new SetOverdraft(model, this.account, this.overdraft, this.client);
  }

  toString(): string {
    return `setOverdraft(${ACCOUNT_NAMES[this.account]}, ${this.overdraft}, by ${this.client})`;
  }
}

class CreatePayoutCommand extends SerialCommand {
  constructor(
    private readonly account: number,
    private readonly amount: AmountSpec,
    private readonly client: Client,
  ) {
    super();
  }

  check(): boolean {
    return true;
  }

  protected operation(model: Model): Operation {
    return new CreatePayout(model, this.account, resolveAmount(this.amount, availableOf(model, this.account, 'EUR')), this.client);
  }

  toString(): string {
    return `payout(from ${ACCOUNT_NAMES[this.account]}, ${describeAmount(this.amount, 'available')} EUR, by ${this.client})`;
  }
}

/** A payout's cancel, or the bank's answer to it. */
type PayoutMove = 'cancel' | PayoutAnswer;

class MovePayoutCommand extends SerialCommand {
  constructor(
    private readonly target: number,
    private readonly focused: boolean,
    private readonly move: PayoutMove,
    private readonly client: Client,
  ) {
    super();
  }

  check(model: Readonly<Model>): boolean {
    return model.payouts.length > 0;
  }

  protected operation(model: Model): Operation {
    const movable = movablePayouts(model, this.move);
    const payout = pick(this.focused && movable.length > 0 ? movable : model.payouts, this.target);
    return this.move === 'cancel' ? new CancelPayout(model, payout.id, this.client) : new AnswerPayout(model, payout.id, this.move, this.client);
  }

  toString(): string {
    return `${this.move}Payout(${this.focused ? 'movable ' : ''}payout #${this.target}, by ${this.client})`;
  }
}

class CloseAccountCommand extends SerialCommand {
  constructor(
    private readonly account: number,
    private readonly client: Client,
  ) {
    super();
  }

  /** Once the run holds something for the closure to cancel or leave behind (else it would end most runs early). */
  check(model: Readonly<Model>): boolean {
    return model.transactions.length + model.requests.length >= CLOSURE_AFTER;
  }

  protected operation(model: Model): Operation {
    return new CloseAccount(model, this.account, this.client);
  }

  toString(): string {
    return `closeAccount(${ACCOUNT_NAMES[this.account]}, by ${this.client})`;
  }
}

export type BurstPart = { kind: 'refund by payment' | 'refund by transactions' | 'debit' | 'payout'; amount: AmountSpec; client: Client } | { kind: 'reverse' };

/**
 * Several clients at once on one payment or credit: refunds by both routes, debits of its account and
 * currency and payouts from its account (which compete for a forbidden-overdraft balance), each by the
 * account's owner or the admin, and its reversal by the admin, sent together.
 */
class BurstCommand implements MoneyCommand {
  constructor(
    private readonly target: number,
    private readonly focused: boolean,
    private readonly parts: readonly BurstPart[],
  ) {}

  /** Focused: a payment request's settlement credit (both refund routes then apply); else any payment or credit. */
  private candidates(model: Readonly<Model>): ModelTransaction[] {
    return candidates(this.focused, refundable(model), (transaction) => transaction.requestId !== null);
  }

  check(model: Readonly<Model>): boolean {
    return this.candidates(model).length > 0;
  }

  async run(model: Model, system: MoneySystem): Promise<void> {
    const callers = await system.callers();
    await performConcurrently(callers, model, this.operations(model), system);
    await verifyStep(callers, model, system);
  }

  /** Every part resolved against the model as it is before any of them runs. */
  private operations(model: Model): Operation[] {
    const target = pick(this.candidates(model), this.target);
    const left = leftToGiveBack(model, target);
    const available = availableOf(model, target.account, target.currency);
    return this.parts.map((part): Operation => {
      if (part.kind === 'reverse') return new Reverse(model, target.id);
      if (part.kind === 'debit') return new BookTransaction(model, target.account, 'payment', resolveAmount(part.amount, available), target.currency, part.client);
      if (part.kind === 'payout') return new CreatePayout(model, target.account, resolveAmount(part.amount, availableOf(model, target.account, 'EUR')), part.client);
      // Only a payment request's settlement credit has a refunds route of its own; any other goes by the transactions route.
      const amount = resolveAmount(part.amount, left);
      if (part.kind === 'refund by payment' && target.requestId !== null) return new RefundByPayment(model, target.requestId, amount, part.client);
      return new RefundByTransactions(model, target.id, amount, part.client);
    });
  }

  toString(): string {
    const parts = this.parts.map((part) =>
      part.kind === 'reverse'
        ? 'reverse'
        : `${part.kind} ${describeAmount(part.amount, part.kind === 'debit' || part.kind === 'payout' ? 'available' : 'what is left')} by ${part.client}`,
    );
    return `together(on ${this.focused ? 'settlement credit' : 'payment or credit'} #${this.target}: ${parts.join(' | ')})`;
  }
}

const account = fc.integer({ min: 0, max: ACCOUNT_COUNT - 1 });
const currency = fc.constantFrom<Currency>(...CURRENCIES);
const target = fc.nat({ max: 999 });
const client = fc.constantFrom<Client>('owner', 'admin');
/** Mostly the candidates the name says (pending, posted...), sometimes any: the refusals get their turn. */
const mostly = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
const optionalAmount = fc.option(relativeAmount, { nil: null, freq: 3 });

const bookCommand = fc.oneof(
  fc.tuple(account, fc.constantFrom<BookedKind>(...DEBITS), currency, relativeAmount, client),
  fc.tuple(account, fc.constantFrom<BookedKind>('credit', 'credit adjustment', 'refund'), currency, fixedAmount, client),
);

const burstPart: fc.Arbitrary<BurstPart> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund by payment' as const), amount: relativeAmount, client }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund by transactions' as const), amount: relativeAmount, client }) },
  { weight: 2, arbitrary: fc.constant<BurstPart>({ kind: 'reverse' }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('debit' as const), amount: relativeAmount, client }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payout' as const), amount: relativeAmount, client }) },
);

/** Every command, weighted: money in and its posting most, then what gives it back, closure least. */
export const moneyCommand: fc.Arbitrary<MoneyCommand> = fc.oneof(
  { weight: 6, arbitrary: bookCommand.map(([index, kind, code, amount, by]) => new BookCommand(index, kind, code, amount, by)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(account, fc.integer({ min: 1, max: ACCOUNT_COUNT - 1 }), currency, relativeAmount, client)
      .map(([sender, offset, code, amount, by]) => new TransferCommand(sender, offset, code, amount, by)),
  },
  { weight: 6, arbitrary: fc.tuple(target, mostly).map(([index, pendingOnly]) => new PostCommand(index, pendingOnly)) },
  { weight: 2, arbitrary: fc.tuple(target, mostly, client).map(([index, pendingOnly, by]) => new CancelTransactionCommand(index, pendingOnly, by)) },
  { weight: 3, arbitrary: fc.tuple(target, mostly).map(([index, postedOnly]) => new ReverseCommand(index, postedOnly)) },
  { weight: 4, arbitrary: fc.tuple(target, relativeAmount, client).map(([index, amount, by]) => new RefundByTransactionsCommand(index, amount, by)) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(account, fc.constantFrom<RequestKind>('sandbox automatic', 'sandbox manual', 'bank_transfer', 'bank_transfer'), currency, fc.integer({ min: 1, max: 5_000 }), client)
      .map(([index, kind, code, amount, by]) => new CreateRequestCommand(index, kind, code, amount, by)),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(target, mostly, fc.constantFrom<SimulatedOutcome>('succeeded', 'succeeded', 'succeeded', 'authorized', 'authorized', 'failed'), client)
      .map(([index, focused, outcome, by]) => new SimulateCommand(index, focused, outcome, by)),
  },
  { weight: 3, arbitrary: fc.tuple(target, mostly, optionalAmount, client).map(([index, focused, amount, by]) => new CaptureCommand(index, focused, amount, by)) },
  { weight: 1, arbitrary: fc.tuple(target, mostly, client).map(([index, focused, by]) => new CancelRequestCommand(index, focused, by)) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(target, mostly, fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }))
      .map(([index, focused, amountOff]) => new ImportStatementCommand(index, focused, amountOff)),
  },
  { weight: 1, arbitrary: target.map((index) => new ImportAgainCommand(index)) },
  {
    weight: 4,
    arbitrary: fc.tuple(target, mostly, optionalAmount, client).map(([index, succeededOnly, amount, by]) => new RefundByPaymentCommand(index, succeededOnly, amount, by)),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(target, mostly, fc.constantFrom<BankAnswer>('succeeded', 'failed'))
      .map(([index, pendingOnly, answer]) => new ConfirmRefundCommand(index, pendingOnly, answer)),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(account, fc.constantFrom<Overdraft>('forbidden', 'allowed'), client).map(([index, overdraft, by]) => new SetOverdraftCommand(index, overdraft, by)),
  },
  { weight: 3, arbitrary: fc.tuple(account, relativeAmount, client).map(([index, amount, by]) => new CreatePayoutCommand(index, amount, by)) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(target, mostly, fc.constantFrom<PayoutMove>('cancel', 'paid', 'paid', 'returned'), client)
      .map(([index, focused, move, by]) => new MovePayoutCommand(index, focused, move, by)),
  },
  { weight: 1, arbitrary: fc.tuple(account, client).map(([index, by]) => new CloseAccountCommand(index, by)) },
  { weight: 3, arbitrary: fc.tuple(target, mostly, fc.array(burstPart, { minLength: 2, maxLength: 5 })).map(([index, focused, parts]) => new BurstCommand(index, focused, parts)) },
);
