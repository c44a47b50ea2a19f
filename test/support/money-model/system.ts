/**
 * The real system the money model is held against: one application (test/support/test-app.ts) with its own
 * database, spoken to over HTTP by the bootstrap admin, and the trace of the run in progress. A run that fails
 * leaves state that every later global check (GET /v1/ledger/check) would trip on, so the run after it gets a
 * fresh application: shrinking then judges each candidate sequence on its own.
 */
import { createAccount, loginAdmin, registerAndLogin } from '../factories';
import { startTestApp, TestApp } from '../test-app';
import { ModelAccount, Overdraft } from './model';
import { Callers } from './outcomes';

/** Access tokens live 15 minutes; a long campaign logs in again well before. */
const ADMIN_TOKEN_REFRESH_MS = 10 * 60 * 1000;
const ACCOUNT_LABELS = ['A', 'B', 'C'] as const;
export const ACCOUNT_COUNT = ACCOUNT_LABELS.length;

export class MoneySystem {
  private app: TestApp | null = null;
  private admin: { token: string; loggedInAt: number } | null = null;
  /** The access tokens of the current run's account owners, by account index. */
  private owners: string[] = [];
  private failed = false;
  private stepsSinceLedgerCheck = 0;
  private readonly lines: string[] = [];
  /** Commands run in the current run. */
  steps = 0;
  /** How often each operation got each answer, over every run (MODEL_STATS=1 prints it): what the sequences reached. */
  readonly answers = new Map<string, number>();

  constructor(private readonly ledgerCheckEvery: number) {}

  /** Before each run: a fresh application if the previous run failed, and an empty trace. */
  async beginRun(): Promise<void> {
    if (this.app !== null && this.failed) await this.discardApplication();
    if (this.app === null) {
      this.app = await startTestApp();
      this.admin = null;
    }
    this.failed = false;
    this.lines.length = 0;
    this.owners = [];
    this.steps = 0;
    this.stepsSinceLedgerCheck = 0;
  }

  /** The run failed: what it left in the database must not reach the next one. */
  markFailed(): void {
    this.failed = true;
  }

  async callers(): Promise<Callers> {
    const app = this.requireApp();
    if (this.admin === null || Date.now() - this.admin.loggedInAt > ADMIN_TOKEN_REFRESH_MS) {
      this.admin = { token: (await loginAdmin(app.api)).token, loggedInAt: Date.now() };
    }
    return { api: app.api, admin: this.admin.token, owners: this.owners };
  }

  /**
   * Three fresh accounts, A, B and C, each opened by its own owner (signed up and logged in) with these overdraft
   * rules. A run lasts minutes at most: the owners' access tokens (15 minutes) outlive it.
   */
  async openAccounts(overdrafts: readonly Overdraft[]): Promise<ModelAccount[]> {
    const api = this.requireApp().api;
    const opened = await Promise.all(
      ACCOUNT_LABELS.map(async (label, index) => {
        const owner = await registerAndLogin(api, { name: `Owner of ${label}` });
        const overdraft = overdrafts[index] ?? 'allowed';
        const account = await createAccount(api, owner.token, { name: `Money model ${label}`, overdraft });
        return { account: { label, id: account.id, overdraft, status: 'open' as const }, token: owner.token };
      }),
    );
    this.owners = opened.map(({ token }) => token);
    const accounts = opened.map(({ account }) => account);
    this.record(`open accounts ${accounts.map((account) => `${account.label} (${account.id}, overdraft ${account.overdraft})`).join(', ')}`);
    return accounts;
  }

  /** Counts an answer of an operation ("Reverse 409 transaction_has_refunds", "together: RefundByPayment 201"). */
  countAnswer(what: string): void {
    this.answers.set(what, (this.answers.get(what) ?? 0) + 1);
  }

  record(line: string): void {
    this.lines.push(`${this.lines.length + 1}. ${line}`);
  }

  /** The run so far, one line per request, for a failure's message. */
  trace(): string {
    return this.lines.join('\n');
  }

  /** Counts a command; true when the books are due for GET /v1/ledger/check. */
  stepDone(): boolean {
    this.steps += 1;
    this.stepsSinceLedgerCheck += 1;
    if (this.stepsSinceLedgerCheck < this.ledgerCheckEvery) return false;
    this.stepsSinceLedgerCheck = 0;
    return true;
  }

  /** After all runs; the application's own check that the books balance applies unless a run failed. */
  async close(): Promise<void> {
    if (this.failed) await this.discardApplication();
    else await this.app?.close();
    this.app = null;
  }

  private requireApp(): TestApp {
    if (this.app === null) throw new Error('beginRun() starts the application');
    return this.app;
  }

  /** Closes an application a failed run left behind: its books may not balance, which that run reported already. */
  private async discardApplication(): Promise<void> {
    try {
      await this.app?.close();
    } catch {
      // The failure that made it dirty is the report; close() released the application and its database anyway.
    }
    this.app = null;
  }
}
