import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { LedgerCheckReportDto, LedgerDifferenceDto } from './dto/ledger-check.response.dto';
import { BalanceSums, EntryTotal, LedgerCheckRepository } from './ledger-check.repository';
import { BalanceKey } from './ledger.repository';

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

/**
 * Checks the books: for every currency, debits equal credits (posted and
 * pending apart); every transaction has one debit and one credit entry that
 * agree; every balance equals the sums of its entries, and its last posted
 * entry carries it as running balance.
 */
@Injectable()
export class LedgerCheckService {
  constructor(
    private readonly db: Database,
    private readonly check: LedgerCheckRepository,
  ) {}

  async run(): Promise<LedgerCheckReportDto> {
    const differences = new DifferenceList();
    const totals = await this.db.snapshot((manager) => this.check.totals(manager));
    const currencies = this.checkTotals(totals, differences);
    for (const unpaired of await this.db.snapshot((manager) => this.check.unpaired(manager, LISTED_DIFFERENCES))) {
      differences.add({
        kind: 'unpaired_entries',
        transaction_id: unpaired.transactionId,
        description: `${unpaired.entries} entries that are not one debit and one credit of one amount, currency and status`,
      });
    }
    for (const key of await this.db.snapshot((manager) => this.check.entriesWithoutBalance(manager, LISTED_DIFFERENCES))) {
      differences.add({ kind: 'missing_balance', account_id: key.accountId, currency: key.currency, description: 'entries exist, but no balance row' });
    }
    const balancesChecked = await this.checkBalances(differences);
    return {
      ok: differences.count === 0,
      checked_at: new Date().toISOString(),
      entries_checked: totals.reduce((sum, total) => sum + total.entries, 0),
      balances_checked: balancesChecked,
      currencies,
      difference_count: differences.count,
      differences: differences.listed,
    };
  }

  private checkTotals(totals: EntryTotal[], differences: DifferenceList): LedgerCheckReportDto['currencies'] {
    const byCurrency = new Map<string, { currency: string; posted_debits: number; posted_credits: number; pending_debits: number; pending_credits: number }>();
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

  private async checkBalances(differences: DifferenceList): Promise<number> {
    let after: BalanceKey = { accountId: '', currency: '' };
    let checked = 0;
    for (;;) {
      const chunk = await this.db.snapshot((manager) => this.check.recountAfter(manager, after, CHUNK));
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

class DifferenceList {
  count = 0;
  readonly listed: LedgerDifferenceDto[] = [];

  add(difference: LedgerDifferenceDto): void {
    this.count += 1;
    if (this.listed.length < LISTED_DIFFERENCES) this.listed.push(difference);
  }
}
