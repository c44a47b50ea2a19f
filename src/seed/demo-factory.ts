import { randomBytes } from 'node:crypto';
import { Account, AccountPreferences, AccountType } from '../accounts/entities/account.entity';
import { idCreatedAt } from '../common/ids/ids';
import { CaptureMethod, PaymentMetadata, PaymentPurpose, PaymentRequest, PaymentStatus } from '../payments/entities/payment-request.entity';
import { TransactionMetadataEntry } from '../transactions/entities/transaction-metadata.entity';
import { Direction, Transaction, TransactionMetadata, TransactionStatus, TransactionType } from '../transactions/entities/transaction.entity';
import { metadataEntriesOf } from '../transactions/transaction-records';
import { settlementCredit } from '../payments/settlement-credit';
import { Mode } from '../config/modes';
import { BANK_TRANSFER_PROVIDER } from '../payments/providers/bank-transfer/bank-transfer.provider';
import { creditorReferenceFor } from '../payments/providers/bank-transfer/creditor-reference';
import { SANDBOX_PROVIDER } from '../payments/providers/sandbox/sandbox.provider';
import { User } from '../users/entities/user.entity';
import { DEMO_EMAIL_DOMAIN, DemoDataSize } from './demo-options';

// The demo rows, built in memory from a seeded random source: nothing here touches the database.

// ---------------------------------------------------------------------------------------------
// Time and a seeded random source
// ---------------------------------------------------------------------------------------------

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HISTORY = 180 * DAY;
/** Accounts open during the first two thirds of the history, so every one has months of activity. */
const SIGNUP_PERIOD = 120 * DAY;
/** The contract's default lifetime of a payment request. */
const PAYMENT_LIFETIME = 7 * DAY;

/**
 * mulberry32: a 32-bit seeded generator, plenty for demo data and identical on every
 * run with the same seed (Math.random cannot be seeded).
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Uniform whole number in [min, max]. */
  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let rest = this.next() * table.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of table) {
      rest -= weight;
      if (rest < 0) return value;
    }
    return table[table.length - 1][0];
  }

  /** Spread evenly over orders of magnitude: most amounts and delays are small, a few are large. */
  logUniform(min: number, max: number): number {
    return Math.round(Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min))));
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = 0; i < count && i < pool.length; i += 1) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool.slice(0, count);
  }

  digits(count: number): string {
    return String(this.integer(0, 10 ** count - 1)).padStart(count, '0');
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Amara',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Elena',
  'Farah',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kenji',
  'Lena',
  'Marta',
  'Noah',
  'Olga',
  'Priya',
  'Rafael',
  'Sofia',
  'Tomas',
  'Yara',
];
const LAST_NAMES = [
  'Andersen',
  'Bauer',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ivanova',
  'Jansen',
  'Kowalski',
  'Laine',
  'Moreau',
  'Novak',
  'Okafor',
  'Petrov',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Varga',
];
const BUSINESS_WORDS = [
  'Northwind',
  'Bluebird',
  'Copperleaf',
  'Harbor',
  'Juniper',
  'Lighthouse',
  'Maple',
  'Nimbus',
  'Orchard',
  'Quartz',
  'Redwood',
  'Silverline',
  'Tidewater',
  'Evergreen',
  'Foxglove',
  'Granite',
];
const BUSINESS_KINDS = ['Traders', 'Studio', 'Labs', 'Coffee Roasters', 'Logistics', 'Bakery', 'Consulting', 'Outfitters', 'Software', 'Books', 'Design Co', 'Print Works'];
const MERCHANTS = [
  'Cloud Hosting Co',
  'Paper & Ink Supplies',
  'City Rail',
  'Skyway Airlines',
  'Office Furniture Direct',
  'Fuel Station 24',
  'Team Chat Pro',
  'Video Meetings Inc',
  'Courier Express',
  'Coworking Central',
  'Design Tools Ltd',
  'Market Hall Catering',
];
const ADJUSTMENT_REASONS = ['Fee correction', 'FX rounding adjustment', 'Chargeback fee reversal', 'Interest correction', 'Duplicate fee refunded', 'Manual balance correction'];
const NOTES = [
  'Checked by finance',
  'Customer asked for a receipt',
  'Part of the quarterly reconciliation',
  'Flagged for review: unusual amount',
  'Matched to the bank statement',
  'Split across two invoices',
];
const PRODUCTS = [
  'Espresso machine',
  'Standing desk',
  'Noise-cancelling headphones',
  'Hiking backpack',
  'Ceramic dinner set',
  'Bike helmet',
  'Winter jacket',
  'Coffee subscription box',
];
const PLANS = ['Starter', 'Team', 'Business', 'Pro'];
const SUBSCRIPTION_PRICES = [499, 999, 1_499, 2_900, 4_900, 9_900];
const LOCALES: readonly (readonly [string, string])[] = [
  ['en-GB', 'Europe/London'],
  ['de-DE', 'Europe/Berlin'],
  ['fr-FR', 'Europe/Paris'],
  ['en-US', 'America/New_York'],
  ['nl-NL', 'Europe/Amsterdam'],
];

const PRIMARY_CURRENCIES: readonly (readonly [string, number])[] = [
  ['EUR', 45],
  ['USD', 35],
  ['GBP', 20],
];
const OTHER_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'PLN', 'JPY'];

const TRANSACTION_TYPES: readonly (readonly [TransactionType, number])[] = [
  ['payment', 50],
  ['credit', 25],
  ['refund', 8],
  ['transfer', 12],
  ['adjustment', 5],
];
/** Minor units: card payments of one euro to a few thousand, refunds smaller, adjustments tiny. */
const AMOUNT_RANGES: Record<TransactionType, readonly [number, number]> = {
  payment: [100, 500_000],
  credit: [500, 500_000],
  refund: [100, 50_000],
  transfer: [1_000, 500_000],
  adjustment: [1, 10_000],
  payout: [10_000, 500_000],
};
/** Recent transactions are mostly still pending; older ones have settled. */
const STATUSES_WITHIN_A_DAY: readonly (readonly [TransactionStatus, number])[] = [
  ['pending', 70],
  ['posted', 25],
  ['canceled', 5],
];
const STATUSES_WITHIN_A_WEEK: readonly (readonly [TransactionStatus, number])[] = [
  ['pending', 20],
  ['posted', 73],
  ['canceled', 7],
];
const STATUSES_OLDER: readonly (readonly [TransactionStatus, number])[] = [
  ['pending', 1],
  ['posted', 93],
  ['canceled', 6],
];

const METADATA_KEYS = ['order_id', 'customer_id', 'channel', 'region', 'campaign'] as const;
type MetadataKey = (typeof METADATA_KEYS)[number];
const METADATA_KEY_COUNTS: readonly (readonly [number, number])[] = [
  [0, 25],
  [1, 25],
  [2, 25],
  [3, 15],
  [4, 10],
];
/** Few distinct values (except order ids), so that `metadata[channel]=web` filters find many rows. */
const METADATA_VALUES: Record<MetadataKey, (random: SeededRandom) => string> = {
  order_id: (random) => `ord_${random.digits(7)}`,
  customer_id: (random) => `cus_${String(random.integer(1, 2_000)).padStart(5, '0')}`,
  channel: (random) =>
    random.weighted([
      ['web', 50],
      ['mobile', 30],
      ['pos', 10],
      ['api', 8],
      ['phone', 2],
    ]),
  region: (random) => random.pick(['eu-west', 'eu-central', 'us-east', 'us-west', 'uk', 'apac']),
  campaign: (random) => random.pick(['spring-sale', 'black-friday', 'newsletter', 'referral', 'summer-promo']),
};

const PURPOSES: readonly (readonly [PaymentPurpose, number])[] = [
  ['product', 45],
  ['subscription', 25],
  ['invoice', 30],
];
/** Outcomes of requests still payable (at `now`, or when their account closed). */
const OUTCOMES_WHILE_PAYABLE: readonly (readonly [PaymentStatus, number])[] = [
  ['pending', 35],
  ['authorized', 15],
  ['succeeded', 35],
  ['failed', 8],
  ['canceled', 7],
];
/** Outcomes of requests whose seven days have passed; unpaid pending/authorized ones read as expired. */
const OUTCOMES_AFTER_EXPIRY: readonly (readonly [PaymentStatus, number])[] = [
  ['succeeded', 75],
  ['failed', 10],
  ['canceled', 7],
  ['pending', 6],
  ['authorized', 2],
];

// ---------------------------------------------------------------------------------------------
// The plan: accounts and their users, kept in memory (a few hundred rows)
// ---------------------------------------------------------------------------------------------

interface DemoUser {
  id: string;
  email: string;
  name: string;
  createdAt: number;
}

interface DemoAccount {
  /** 1-based; appears in the users' emails (owner3@, member3-1@). */
  number: number;
  id: string;
  name: string;
  type: AccountType;
  email: string;
  currency: string;
  /** Account 1 and most others are test accounts; every third from the second on is live (bank transfers, no sandbox). */
  mode: Mode;
  preferences: AccountPreferences;
  createdAt: number;
  closedAt: number | null;
  /** How busy the account is, relative to the others. */
  weight: number;
  owner: DemoUser;
  members: DemoUser[];
}

/**
 * Accounts in creation order with running weight totals: draws a busy account
 * among those that existed at an instant in two binary searches.
 */
class AccountTimeline {
  private readonly totals: number[];

  constructor(private readonly accounts: readonly DemoAccount[]) {
    let total = 0;
    this.totals = accounts.map((account) => (total += account.weight));
  }

  pick(random: SeededRandom, instant: number): DemoAccount | null {
    const existing = this.countCreatedBy(instant);
    if (existing === 0) return null;
    const target = random.next() * this.totals[existing - 1];
    let low = 0;
    let high = existing - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.totals[middle] > target) high = middle;
      else low = middle + 1;
    }
    return this.accounts[low];
  }

  private countCreatedBy(instant: number): number {
    let low = 0;
    let high = this.accounts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.accounts[middle].createdAt <= instant) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Draws of a random account before falling back to a sure one: rejections are rare, a loop without end is not an option. */
const DRAW_ATTEMPTS = 10;

/** Instants as epoch milliseconds, like the columns that store them. */
interface TransactionLifecycle {
  status: TransactionStatus;
  postedAt: number | null;
  canceledAt: number | null;
  updatedAt: number;
}

interface PaymentOutcome {
  status: PaymentStatus;
  updatedAt: number;
  paidAt: number | null;
}

/** A payment request with the posted credit that settled it, when it succeeded. */
interface GeneratedPayment {
  payment: PaymentRequest;
  settlement: GeneratedTransaction | null;
}

export interface GeneratedTransaction {
  transaction: Transaction;
  entries: TransactionMetadataEntry[];
}

/**
 * Builds rows, touching no database: every instant, status and link is decided
 * here so that the rows satisfy what the API assumes (created_at equal to the
 * id's time, lifecycles consistent with status, closed accounts quiet after closing).
 */
export class DemoFactory {
  readonly accounts: DemoAccount[];
  private readonly activeTimeline: AccountTimeline;
  private readonly openTimeline: AccountTimeline;
  private readonly historyStart: number;

  constructor(
    private readonly random: SeededRandom,
    private readonly now: number,
    size: DemoDataSize,
    private readonly publicBaseUrl: string,
  ) {
    this.accounts = this.planAccounts(size);
    this.activeTimeline = new AccountTimeline(this.accounts);
    this.openTimeline = new AccountTimeline(this.accounts.filter((account) => account.closedAt === null));
    // Activity starts once the first account exists.
    this.historyStart = this.accounts[0].createdAt + HOUR;
  }

  /**
   * The instant of row `index` of `count`, in increasing order (rows are generated
   * and inserted in id order). Density grows towards today, like a growing business.
   */
  instantOf(index: number, count: number): number {
    const share = (index + this.random.next()) / count;
    return Math.floor(this.historyStart + (this.now - MINUTE - this.historyStart) * share ** (2 / 3));
  }

  // --- accounts and users ----------------------------------------------------------------------

  private planAccounts(size: DemoDataSize): DemoAccount[] {
    const start = this.now - HISTORY;
    const closedNumbers = this.closedAccountNumbers(size.accounts);
    return Array.from({ length: size.accounts }, (_, index) => {
      const number = index + 1;
      // Spread over the signup period in number order, so account 1 is the oldest (and never closed).
      const createdAt = Math.floor(start + ((index + (number === 1 ? 0 : this.random.next() * 0.9)) / size.accounts) * SIGNUP_PERIOD);
      const closedAt = closedNumbers.has(number) ? this.closingInstant(createdAt) : null;
      return this.planAccount(number, createdAt, closedAt, size.membersPerAccount);
    });
  }

  /** About one account in ten is closed; never the first, whose owner is the one to log in as. */
  private closedAccountNumbers(accounts: number): Set<number> {
    if (accounts < 2) return new Set();
    const candidates = Array.from({ length: accounts - 1 }, (_, index) => index + 2);
    return new Set(this.random.sample(candidates, Math.max(1, Math.round(accounts / 10))));
  }

  private closingInstant(createdAt: number): number {
    const earliest = createdAt + 14 * DAY;
    const latest = this.now - 2 * DAY;
    return Math.floor(earliest + this.random.next() * (latest - earliest));
  }

  private planAccount(number: number, createdAt: number, closedAt: number | null, memberCount: number): DemoAccount {
    const owner = this.planUser(`owner${number}`, createdAt - this.random.logUniform(2 * MINUTE, 3 * HOUR));
    const lastActivity = (closedAt ?? this.now) - MINUTE;
    const members = Array.from({ length: memberCount }, (_, index) =>
      this.planUser(`member${number}-${index + 1}`, Math.min(lastActivity, createdAt + this.random.logUniform(HOUR, 20 * DAY))),
    );
    const type: AccountType = number === 1 || this.random.chance(0.75) ? 'business' : 'individual';
    const businessName = `${this.random.pick(BUSINESS_WORDS)} ${this.random.pick(BUSINESS_KINDS)}`;
    const [locale, timezone] = this.random.pick(LOCALES);
    return {
      number,
      id: idCreatedAt('acc', new Date(createdAt)),
      name: type === 'business' ? businessName : owner.name,
      type,
      email: type === 'business' ? `billing@${businessName.toLowerCase().replace(/[^a-z]+/g, '-')}.example` : owner.email,
      currency: this.random.weighted(PRIMARY_CURRENCIES),
      mode: number % 3 === 2 ? 'live' : 'test',
      preferences: { locale, timezone, notifications: { email: this.random.chance(0.8), sms: this.random.chance(0.2) } },
      createdAt,
      closedAt,
      // Account 1 is busy so that its owner has plenty to browse; a few others are busy too.
      weight: number === 1 ? 8 : 0.5 + 7.5 * this.random.next() ** 3,
      owner,
      members,
    };
  }

  private planUser(localPart: string, createdAt: number): DemoUser {
    return {
      id: idCreatedAt('usr', new Date(createdAt)),
      email: `${localPart}@${DEMO_EMAIL_DOMAIN}`,
      name: `${this.random.pick(FIRST_NAMES)} ${this.random.pick(LAST_NAMES)}`,
      createdAt,
    };
  }

  /** The account rows, each with its owner already set (the owners are inserted first). */
  accountRows(): Account[] {
    return this.accounts.map((account) => {
      const changedAt = new Date(account.closedAt ?? account.createdAt);
      return {
        id: account.id,
        type: account.type,
        name: account.name,
        email: account.email,
        preferences: account.preferences,
        status: account.closedAt === null ? 'open' : 'closed',
        overdraft: 'allowed',
        mode: account.mode,
        ownerUserId: account.owner.id,
        createdAt: new Date(account.createdAt),
        updatedAt: changedAt,
        closedAt: account.closedAt === null ? null : changedAt,
      };
    });
  }

  /** User rows without their account (accounts reference their owners, so users come first). */
  userRows(passwordHash: string): User[] {
    return this.accounts.flatMap((account) =>
      [account.owner, ...account.members].map((user) => ({
        id: user.id,
        email: user.email,
        // Demo people have proven their addresses (example.com ones never receive mail).
        emailVerifiedAt: new Date(user.createdAt),
        pendingEmail: null,
        passwordHash,
        name: user.name,
        role: 'member' as const,
        accountId: null,
        mfaEnabledAt: null,
        createdAt: new Date(user.createdAt),
        updatedAt: new Date(user.createdAt),
      })),
    );
  }

  // --- transactions ----------------------------------------------------------------------------

  transaction(instant: number): GeneratedTransaction {
    const account = this.activeAccountAt(instant);
    let type = this.random.weighted(TRANSACTION_TYPES);
    const counterparty = type === 'transfer' ? this.counterpartyOf(account, instant) : null;
    // Early on the first account may have no one to transfer to.
    if (type === 'transfer' && counterparty === null) type = 'payment';
    const lifecycle = this.transactionLifecycle(account, instant);
    const metadata = this.transactionMetadata();
    const id = idCreatedAt('txn', new Date(instant));
    const transaction: Transaction = {
      id,
      accountId: account.id,
      livemode: account.mode === 'live',
      type,
      status: lifecycle.status,
      direction: this.directionOf(type),
      amount: this.amountOf(type),
      currency: this.random.chance(0.88) ? account.currency : this.random.pick(OTHER_CURRENCIES),
      description: this.random.chance(0.05) ? null : this.describe(type, counterparty),
      referenceIds: this.referenceIds(instant),
      metadata,
      notes: this.random.chance(0.08) ? this.random.pick(NOTES) : null,
      counterpartyAccountId: counterparty?.id ?? null,
      paymentId: null,
      refundedTransactionId: null,
      amountRefunded: 0,
      reversesTransactionId: null,
      reversedByTransactionId: null,
      createdAt: new Date(instant),
      updatedAt: new Date(lifecycle.updatedAt),
      postedAt: lifecycle.postedAt === null ? null : new Date(lifecycle.postedAt),
      canceledAt: lifecycle.canceledAt === null ? null : new Date(lifecycle.canceledAt),
    };
    return { transaction, entries: metadataEntriesOf(transaction) };
  }

  /** An account that existed and was still open at `instant`; account 1 always qualifies. */
  private activeAccountAt(instant: number): DemoAccount {
    for (let attempt = 0; attempt < DRAW_ATTEMPTS; attempt += 1) {
      const account = this.activeTimeline.pick(this.random, instant);
      if (account !== null && (account.closedAt === null || account.closedAt > instant)) return account;
    }
    return this.accounts[0];
  }

  /** Another account that existed at `instant` and is open (transfers never target a closed account). */
  private counterpartyOf(account: DemoAccount, instant: number): DemoAccount | null {
    for (let attempt = 0; attempt < DRAW_ATTEMPTS; attempt += 1) {
      const candidate = this.openTimeline.pick(this.random, instant);
      if (candidate === null) return null;
      // Money never crosses modes.
      if (candidate.id !== account.id && candidate.mode === account.mode) return candidate;
    }
    return null;
  }

  private directionOf(type: TransactionType): Direction {
    if (type === 'adjustment') return this.random.chance(0.5) ? 'credit' : 'debit';
    return type === 'credit' || type === 'refund' ? 'credit' : 'debit';
  }

  private amountOf(type: TransactionType): number {
    const [min, max] = AMOUNT_RANGES[type];
    const amount = this.random.logUniform(min, max);
    // People transfer round sums.
    return type === 'transfer' ? Math.max(100, Math.round(amount / 100) * 100) : amount;
  }

  /**
   * Status and its instants. Nothing happens to an account's rows after it
   * closed, and closing canceled whatever was still pending.
   */
  private transactionLifecycle(account: DemoAccount, createdAt: number): TransactionLifecycle {
    const horizon = account.closedAt ?? this.now;
    const age = horizon - createdAt;
    const status = this.random.weighted(age < DAY ? STATUSES_WITHIN_A_DAY : age < 7 * DAY ? STATUSES_WITHIN_A_WEEK : STATUSES_OLDER);
    if (status === 'pending') {
      if (account.closedAt !== null) return { status: 'canceled', postedAt: null, canceledAt: account.closedAt, updatedAt: account.closedAt };
      return { status, postedAt: null, canceledAt: null, updatedAt: createdAt };
    }
    const settledAt = createdAt + Math.min(age, this.random.logUniform(MINUTE, 36 * HOUR));
    if (status === 'posted') return { status, postedAt: settledAt, canceledAt: null, updatedAt: settledAt };
    return { status, postedAt: null, canceledAt: settledAt, updatedAt: settledAt };
  }

  private describe(type: TransactionType, counterparty: DemoAccount | null): string {
    switch (type) {
      case 'payment':
        return `${this.random.pick(['Card payment to', 'Direct debit', 'Online purchase at'])} ${this.random.pick(MERCHANTS)}`;
      case 'credit':
        return `Payment received from ${this.customerName()}`;
      case 'refund':
        return `Refund from ${this.random.pick(MERCHANTS)}, order ORD-${this.random.digits(7)}`;
      case 'transfer':
        return `Transfer to ${counterparty?.name ?? 'another account'}`;
      case 'adjustment':
        return this.random.pick(ADJUSTMENT_REASONS);
      case 'payout':
        return 'Payout to the merchant’s bank account';
    }
  }

  private referenceIds(instant: number): string[] {
    const year = new Date(instant).getUTCFullYear();
    const count = this.random.weighted([
      [0, 30],
      [1, 55],
      [2, 12],
      [3, 3],
    ] as const);
    return Array.from({ length: count }, () => {
      const kind = this.random.weighted([
        ['invoice', 50],
        ['purchase order', 25],
        ['order', 25],
      ] as const);
      if (kind === 'invoice') return `INV-${year}-${this.random.digits(5)}`;
      return kind === 'order' ? `ORD-${this.random.digits(7)}` : `PO-${this.random.digits(6)}`;
    });
  }

  private transactionMetadata(): TransactionMetadata {
    const keys = new Set(this.random.sample(METADATA_KEYS, this.random.weighted(METADATA_KEY_COUNTS)));
    const metadata: TransactionMetadata = {};
    // In a fixed key order, so that rows look alike in a list.
    for (const key of METADATA_KEYS) if (keys.has(key)) metadata[key] = METADATA_VALUES[key](this.random);
    return metadata;
  }

  // --- payment requests ------------------------------------------------------------------------

  /** `canSucceed` is false once the transaction budget has no room left for another settling credit. */
  payment(instant: number, canSucceed: boolean): GeneratedPayment {
    const account = this.activeAccountAt(instant);
    const purpose = this.random.weighted(PURPOSES);
    // Bank transfers (live accounts) have no manual capture.
    const captureMethod: CaptureMethod = this.random.chance(0.2) && account.mode === 'test' ? 'manual' : 'automatic';
    const id = idCreatedAt('pay', new Date(instant));
    const referenceId = this.random.chance(0.1) ? null : this.paymentReference(purpose, instant);
    const expiresAt = instant + PAYMENT_LIFETIME;
    const outcome = this.paymentOutcome(account, instant, expiresAt, captureMethod, canSucceed);
    const customerName = this.customerName();
    // Not from the seeded generator: a checkout token must be unguessable, demo data or not.
    const checkoutToken = randomBytes(24).toString('base64url');
    const payment: PaymentRequest = {
      id,
      accountId: account.id,
      purpose,
      referenceId,
      amount: this.paymentAmount(purpose),
      currency: this.random.chance(0.95) ? account.currency : this.random.pick(OTHER_CURRENCIES),
      description: this.describePayment(purpose, referenceId),
      customerEmail: `${customerName.toLowerCase().replace(/[^a-z]+/g, '.')}${this.random.integer(1, 999)}@example.com`,
      customerName: this.random.chance(0.85) ? customerName : null,
      captureMethod,
      status: outcome.status,
      // Live accounts are paid by bank transfer: the sandbox serves test accounts only.
      provider: account.mode === 'live' ? BANK_TRANSFER_PROVIDER : SANDBOX_PROVIDER,
      providerReference: account.mode === 'live' ? creditorReferenceFor(id) : null,
      livemode: account.mode === 'live',
      paymentUrl: `${this.publicBaseUrl}/pay/${checkoutToken}`,
      checkoutToken,
      failureCode: outcome.status === 'failed' ? 'card_declined' : null,
      lastFailureCode: null,
      metadata: this.paymentMetadata(),
      amountCaptured: 0,
      amountRefunded: 0,
      transactionId: null,
      expiresAt: new Date(expiresAt),
      createdAt: new Date(instant),
      updatedAt: new Date(outcome.updatedAt),
      paidAt: outcome.paidAt === null ? null : new Date(outcome.paidAt),
    };
    if (outcome.paidAt !== null) payment.amountCaptured = payment.amount;
    const settlement = outcome.paidAt === null ? null : settlementCredit(payment, idCreatedAt('txn', new Date(outcome.paidAt)), new Date(outcome.paidAt));
    payment.transactionId = settlement?.id ?? null;
    return { payment, settlement: settlement === null ? null : { transaction: settlement, entries: metadataEntriesOf(settlement) } };
  }

  /**
   * A status reachable in the contract's state machine, decided before the account
   * closed (if it did): requests still payable then were canceled by the closing.
   */
  private paymentOutcome(account: DemoAccount, createdAt: number, expiresAt: number, captureMethod: CaptureMethod, canSucceed: boolean): PaymentOutcome {
    const horizon = account.closedAt ?? this.now;
    const payable = expiresAt > horizon;
    let status = this.random.weighted(payable ? OUTCOMES_WHILE_PAYABLE : OUTCOMES_AFTER_EXPIRY);
    // Only a manual capture holds funds.
    if (status === 'authorized' && captureMethod === 'automatic') status = 'pending';
    if (status === 'succeeded' && !canSucceed) status = 'failed';
    // A bank transfer (live accounts) is never declined: one that does not arrive stays pending.
    if (status === 'failed' && account.mode === 'live') status = 'pending';
    const decidedAt = createdAt + Math.min(horizon - createdAt, PAYMENT_LIFETIME, this.random.logUniform(30 * SECOND, 2 * DAY));
    const open = status === 'pending' || status === 'authorized';
    if (open && payable && account.closedAt !== null) return { status: 'canceled', updatedAt: account.closedAt, paidAt: null };
    if (status === 'pending') return { status, updatedAt: createdAt, paidAt: null };
    if (status === 'succeeded') return { status, updatedAt: decidedAt, paidAt: decidedAt };
    return { status, updatedAt: decidedAt, paidAt: null };
  }

  private paymentReference(purpose: PaymentPurpose, instant: number): string {
    if (purpose === 'invoice') return `INV-${new Date(instant).getUTCFullYear()}-${this.random.digits(5)}`;
    if (purpose === 'subscription') return `SUB-${this.random.digits(6)}`;
    return `ORD-${this.random.digits(7)}`;
  }

  private paymentAmount(purpose: PaymentPurpose): number {
    if (purpose === 'subscription') return this.random.pick(SUBSCRIPTION_PRICES);
    if (purpose === 'invoice') return this.random.logUniform(5_000, 500_000);
    return this.random.logUniform(500, 50_000);
  }

  private describePayment(purpose: PaymentPurpose, referenceId: string | null): string {
    if (purpose === 'subscription') return `${this.random.pick(PLANS)} plan, monthly`;
    if (purpose === 'invoice') return `Invoice ${referenceId ?? 'for services'}`;
    return this.random.pick(PRODUCTS);
  }

  private paymentMetadata(): PaymentMetadata {
    const metadata: PaymentMetadata = {};
    if (this.random.chance(0.5)) metadata.order_id = METADATA_VALUES.order_id(this.random);
    if (this.random.chance(0.4)) metadata.customer_id = METADATA_VALUES.customer_id(this.random);
    if (this.random.chance(0.2)) metadata.campaign = METADATA_VALUES.campaign(this.random);
    return metadata;
  }

  private customerName(): string {
    return `${this.random.pick(FIRST_NAMES)} ${this.random.pick(LAST_NAMES)}`;
  }
}
