import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { EventInvariantsRepository } from '../events/event-invariants.repository';
import { BalanceSums, EntryTotal, LedgerCheckRepository } from '../ledger/ledger-check.repository';
import { BalanceKey } from '../ledger/ledger.repository';
import { PaymentInvariantsRepository } from '../payments/payment-invariants.repository';
import { TransactionInvariantsRepository } from '../transactions/transaction-invariants.repository';
import { InvariantResultDto, LedgerCheckReportDto, LedgerDifferenceDto } from './dto/ledger-check.response.dto';
import { INVARIANTS, InvariantName, KIND_INVARIANTS } from './invariants';

/** Balances recounted per read; each chunk is one consistent read. */
const CHUNK = 500;
/** Differences listed in a report; the count covers them all. */
const LISTED_DIFFERENCES = 100;

const SUM_FIELDS: readonly (keyof BalanceSums)[] = ['posted', 'pendingDebits', 'pendingCredits', 'postedCount'];
const FIELD_NAMES: Record<keyof BalanceSums, string> = {
  posted: 'posted',
  pendingDebits: 'pending_debits',
  pendingCredits: 'pending_credits',
  postedCount: 'posted_entries',
};

type Currencies = LedgerCheckReportDto['currencies'];

/**
 * Checks the books and the money invariants of contract section 20, each by name: debits equal credits;
 * every balance equals its entries; every transaction has its two entries; no credit is given back beyond
 * its amount; every request's sums agree with its credit; no account that forbids overdrafts is below zero;
 * every event stream is gapless. Each check is one or a few queries that read a table once (balances a
 * chunk at a time), in a consistent snapshot, so it holds no more than a chunk in memory.
 */
@Injectable()
export class LedgerCheckService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerCheckRepository,
    private readonly transactions: TransactionInvariantsRepository,
    private readonly payments: PaymentInvariantsRepository,
    private readonly events: EventInvariantsRepository,
  ) {}

  async run(): Promise<LedgerCheckReportDto> {
    const differences = new DifferenceList();
    const invariants: InvariantResultDto[] = [];
    const check = async <T>(name: InvariantName, work: () => Promise<T>): Promise<T> => {
      const [before, startedAt] = [differences.count, performance.now()];
      const result = await work();
      const found = differences.count - before;
      invariants.push({ name, description: INVARIANTS[name], ok: found === 0, difference_count: found, duration_ms: Math.round(performance.now() - startedAt) });
      return result;
    };
    const totals = await check('debits_equal_credits', async () => {
      const sums = await this.db.snapshot((manager) => this.ledger.totals(manager));
      return { entries: sums.reduce((sum, total) => sum + total.entries, 0), currencies: checkTotals(sums, differences) };
    });
    const balancesChecked = await check('balances_equal_entries', () => this.checkBalances(differences));
    await check('transactions_have_their_entries', () => this.checkEntriesOfTransactions(differences));
    await check('credits_given_back_within_amount', () => this.checkGivenBack(differences));
    await check('payment_amounts_consistent', () => this.checkPayments(differences));
    await check('overdrafts_forbidden_held', async () => {
      for (const balance of await this.db.snapshot((manager) => this.ledger.overdrawnForbidding(manager, LISTED_DIFFERENCES))) {
        differences.add({
          kind: 'overdraft_exceeded',
          account_id: balance.accountId,
          currency: balance.currency,
          field: 'available',
          expected: 0,
          actual: balance.available,
          description: 'the account forbids overdrafts, and its available balance is below zero',
        });
      }
    });
    await check('event_sequences_gapless', async () => {
      for (const gap of await this.db.snapshot((manager) => this.events.streamsWithGaps(manager, LISTED_DIFFERENCES))) {
        differences.add({
          kind: 'event_sequence_gap',
          stream: gap.stream,
          ...(gap.stream.startsWith('acc_') ? { account_id: gap.stream } : {}),
          field: 'sequence',
          expected: gap.lastSequence - gap.first + 1,
          actual: gap.events,
          description: `events ${gap.first} to ${gap.last} are kept and the counter is at ${gap.lastSequence}: a number is missing or the counter disagrees`,
        });
      }
    });
    return {
      ok: differences.count === 0,
      checked_at: new Date().toISOString(),
      entries_checked: totals.entries,
      balances_checked: balancesChecked,
      currencies: totals.currencies,
      invariants,
      difference_count: differences.count,
      differences: differences.listed,
    };
  }

  private async checkEntriesOfTransactions(differences: DifferenceList): Promise<void> {
    for (const unpaired of await this.db.snapshot((manager) => this.ledger.unpaired(manager, LISTED_DIFFERENCES))) {
      differences.add({
        kind: 'unpaired_entries',
        transaction_id: unpaired.transactionId,
        description: `${unpaired.entries} entries that are not one debit and one credit of one amount, currency and status`,
      });
    }
    for (const found of await this.db.snapshot((manager) => this.transactions.withoutTheirEntries(manager, LISTED_DIFFERENCES))) {
      differences.add({
        kind: 'transaction_entries_mismatch',
        transaction_id: found.transactionId,
        field: 'entries',
        expected: 2,
        actual: found.entries,
        description: "its entries are not its two: of its amount, currency and status, on its account on its direction's side and on the other side",
      });
    }
  }

  private async checkGivenBack(differences: DifferenceList): Promise<void> {
    for (const found of await this.db.snapshot((manager) => this.transactions.givenBackWrongly(manager, LISTED_DIFFERENCES))) {
      const transaction_id = found.transactionId;
      if (found.amountRefunded !== found.liveRefunds) {
        differences.add({
          kind: 'refunds_mismatch',
          transaction_id,
          field: 'amount_refunded',
          expected: found.liveRefunds,
          actual: found.amountRefunded,
          description: 'its amount_refunded is not the sum of its refunds that are not canceled',
        });
      }
      const givenBack = found.liveRefunds + (found.reversed ? found.amount : 0);
      // A canceled transaction never happened: nothing of it may be given back.
      const allowed = found.canceled ? 0 : found.amount;
      if (givenBack > allowed) {
        differences.add({
          kind: 'given_back_beyond_amount',
          transaction_id,
          field: 'given_back',
          expected: allowed,
          actual: givenBack,
          description: found.canceled
            ? 'it was canceled, and refunds of it still give money back'
            : found.reversed
              ? 'it was reversed and also refunded: given back twice'
              : 'its refunds add up to more than it',
        });
      }
    }
  }

  private async checkPayments(differences: DifferenceList): Promise<void> {
    for (const found of await this.db.snapshot((manager) => this.payments.inconsistent(manager, LISTED_DIFFERENCES))) {
      const { paymentId: payment_id, credit } = found;
      const mismatch = (field: string, expected: number, actual: number, description: string) =>
        differences.add({ kind: 'payment_amounts_mismatch', payment_id, field, expected, actual, description });
      if (found.amountCaptured > found.amount) mismatch('amount_captured', found.amount, found.amountCaptured, 'it captured more than its amount');
      if (found.amountRefunded > found.amountCaptured || found.amountRefunded < 0) {
        mismatch('amount_refunded', found.amountCaptured, found.amountRefunded, 'its amount_refunded is outside 0 to amount_captured');
      }
      if (found.amountRefunded !== (credit?.amountRefunded ?? 0)) {
        mismatch('amount_refunded', credit?.amountRefunded ?? 0, found.amountRefunded, "its amount_refunded is not its settlement credit's");
      }
      if (credit !== null && credit.amount !== found.amountCaptured) {
        mismatch('amount_captured', credit.amount, found.amountCaptured, "its amount_captured is not its settlement credit's amount");
      }
    }
  }

  private async checkBalances(differences: DifferenceList): Promise<number> {
    for (const key of await this.db.snapshot((manager) => this.ledger.entriesWithoutBalance(manager, LISTED_DIFFERENCES))) {
      differences.add({ kind: 'missing_balance', account_id: key.accountId, currency: key.currency, description: 'entries exist, but no balance row' });
    }
    let after: BalanceKey = { accountId: '', currency: '' };
    let checked = 0;
    for (;;) {
      const chunk = await this.db.snapshot((manager) => this.ledger.recountAfter(manager, after, CHUNK));
      if (chunk.length === 0) return checked;
      for (const balance of chunk) {
        const where = { account_id: balance.key.accountId, currency: balance.key.currency };
        for (const field of SUM_FIELDS) {
          if (balance.stored[field] !== balance.recounted[field]) {
            differences.add({
              kind: 'balance_mismatch',
              ...where,
              field: FIELD_NAMES[field],
              expected: balance.recounted[field],
              actual: balance.stored[field],
              description: `the stored ${FIELD_NAMES[field]} differs from the sum of the entries`,
            });
          }
        }
        if ((balance.lastBalanceAfter ?? 0) !== balance.stored.posted) {
          differences.add({
            kind: 'running_balance_mismatch',
            ...where,
            field: 'balance_after',
            expected: balance.stored.posted,
            actual: balance.lastBalanceAfter ?? 0,
            description: 'the last posted entry does not carry the posted balance',
          });
        }
      }
      checked += chunk.length;
      after = chunk[chunk.length - 1].key;
    }
  }
}

function checkTotals(totals: EntryTotal[], differences: DifferenceList): Currencies {
  const byCurrency = new Map<string, Currencies[number]>();
  for (const total of totals) {
    if (total.status === 'canceled') continue;
    const row = byCurrency.get(total.currency) ?? { currency: total.currency, posted_debits: 0, posted_credits: 0, pending_debits: 0, pending_credits: 0 };
    row[`${total.status}_${total.side}s`] += total.amount;
    byCurrency.set(total.currency, row);
  }
  for (const row of byCurrency.values()) {
    for (const status of ['posted', 'pending'] as const) {
      const debits = row[`${status}_debits`];
      const credits = row[`${status}_credits`];
      if (debits !== credits) {
        differences.add({
          kind: 'unbalanced_currency',
          currency: row.currency,
          field: `${status}_debits`,
          expected: credits,
          actual: debits,
          description: `${status} debits differ from ${status} credits`,
        });
      }
    }
  }
  return [...byCurrency.values()];
}

/** The differences found, the first LISTED_DIFFERENCES of them kept, each named by the invariant it breaks. */
class DifferenceList {
  count = 0;
  readonly listed: LedgerDifferenceDto[] = [];

  add(difference: Omit<LedgerDifferenceDto, 'invariant'>): void {
    this.count += 1;
    if (this.listed.length < LISTED_DIFFERENCES) this.listed.push({ invariant: KIND_INVARIANTS[difference.kind], ...difference });
  }
}
