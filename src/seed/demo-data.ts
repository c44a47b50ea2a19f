import { DataSource, EntityManager, EntityMetadata, EntityTarget, In, Like, ObjectLiteral } from 'typeorm';
import { Account } from '../accounts/entities/account.entity';
import { PasswordHasher } from '../auth/password-hasher';
import { idCreatedAt } from '../common/ids/ids';
import { Database } from '../database/database';
import { writeLedgerOfTransactions } from '../database/migrations/1763870000000-ledger';
import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { TransactionMetadataEntry } from '../transactions/entities/transaction-metadata.entity';
import { Transaction } from '../transactions/entities/transaction.entity';
import { User } from '../users/entities/user.entity';
import { DemoFactory, GeneratedTransaction, SeededRandom } from './demo-factory';
import { DEMO_ADMIN_EMAIL, DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, DemoDataPresentError, DemoDataSize, DemoDataSummary } from './demo-options';

// Writing the demo rows: multi-row INSERTs built from the entities' metadata, in large commits.

/** Bind parameters one statement may carry: PostgreSQL's protocol limit, SQLite's compiled-in default. */
const MAX_BIND_PARAMETERS = { postgres: 65_535, sqlite: 32_766 } as const;
const MAX_ROWS_PER_STATEMENT = 1_000;
/** Rows per database transaction: large enough to amortize commits, small enough not to hold SQLite's write lock for long. */
const TRANSACTIONS_PER_COMMIT = 10_000;
const PAYMENTS_PER_COMMIT = 5_000;
const SQLITE_CACHE_KIB = 512 * 1024;
/** Commits written at the same time; only PostgreSQL, with its connection pool, runs them in parallel. */
const CONCURRENT_COMMITS = 2;
const PROGRESS_EVERY = 100_000;

interface Statement {
  sql: string;
  parameters: unknown[];
}

/**
 * Multi-row INSERT statements for one entity, built from TypeORM's metadata. Each
 * value goes through the driver's conversion, as the query builder does it (column
 * transformers: Date to epoch milliseconds; simple-json to text), but without the
 * query builder's bookkeeping per parameter, which cost a third of the run time at
 * a million rows.
 */
class BulkInsert<T extends ObjectLiteral> {
  readonly rowsPerStatement: number;
  private readonly columns: EntityMetadata['columns'];
  private readonly head: string;

  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<T>,
  ) {
    const metadata = dataSource.getMetadata(entity);
    const driver = dataSource.driver;
    this.columns = metadata.columns;
    this.head = `INSERT INTO ${driver.escape(metadata.tableName)} (${this.columns.map((column) => driver.escape(column.databaseName)).join(', ')}) VALUES `;
    const limit = dataSource.options.type === 'postgres' ? MAX_BIND_PARAMETERS.postgres : MAX_BIND_PARAMETERS.sqlite;
    this.rowsPerStatement = Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(limit / this.columns.length));
  }

  statement(rows: readonly T[]): Statement {
    const driver = this.dataSource.driver;
    const parameters: unknown[] = [];
    const tuples = rows.map((row) => {
      const placeholders = this.columns.map((column) => {
        parameters.push(driver.preparePersistentValue(column.getEntityValue(row) ?? null, column) ?? null);
        return driver.createParameter('', parameters.length - 1);
      });
      return `(${placeholders.join(', ')})`;
    });
    return { sql: this.head + tuples.join(', '), parameters };
  }
}

/**
 * Sends the statements of one database transaction in order, building the next
 * while the previous one runs (PostgreSQL works in its own process meanwhile).
 */
class StatementPipeline {
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly manager: EntityManager) {}

  /** Resolves once the previous statement is done, so the caller may prepare the next. */
  async send(statement: Statement): Promise<void> {
    await this.running;
    this.running = this.manager.query(statement.sql, statement.parameters);
    // Observed at the next send() or finish(); never an unhandled rejection in between.
    this.running.catch(() => undefined);
  }

  async insert<T extends ObjectLiteral>(bulk: BulkInsert<T>, rows: readonly T[]): Promise<void> {
    for (let start = 0; start < rows.length; start += bulk.rowsPerStatement) {
      await this.send(bulk.statement(rows.slice(start, start + bulk.rowsPerStatement)));
    }
  }

  async finish(): Promise<void> {
    await this.running;
  }
}

/** Reports each time another PROGRESS_EVERY rows have been written. */
class Progress {
  private written = 0;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly report: (line: string) => void,
  ) {}

  add(rows: number): void {
    const before = Math.floor(this.written / PROGRESS_EVERY);
    this.written += rows;
    if (Math.floor(this.written / PROGRESS_EVERY) > before) {
      this.report(`${this.label}: ${formatCount(this.written)} of ${formatCount(this.total)}`);
    }
  }
}

export interface GenerateOptions {
  size: DemoDataSize;
  seed: number;
  /** Where "now" is for the generated history; the present by default. */
  now?: Date;
  /** PUBLIC_BASE_URL: the payment requests' checkout pages are under it. */
  publicBaseUrl: string;
}

/**
 * Fills the database with demo accounts, users, transactions and payment
 * requests. Rows are inserted in id order, in commits of a few thousand.
 */
export class DemoDataGenerator {
  private readonly inserts: {
    users: BulkInsert<User>;
    accounts: BulkInsert<Account>;
    payments: BulkInsert<PaymentRequest>;
    transactions: BulkInsert<Transaction>;
    entries: BulkInsert<TransactionMetadataEntry>;
  };

  constructor(
    private readonly db: Database,
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly report: (line: string) => void = () => undefined,
  ) {
    this.inserts = {
      users: new BulkInsert(dataSource, User),
      accounts: new BulkInsert(dataSource, Account),
      payments: new BulkInsert(dataSource, PaymentRequest),
      transactions: new BulkInsert(dataSource, Transaction),
      entries: new BulkInsert(dataSource, TransactionMetadataEntry),
    };
  }

  async generate(options: GenerateOptions): Promise<DemoDataSummary> {
    if (await this.db.run((manager) => manager.existsBy(User, { email: Like(`%@${DEMO_EMAIL_DOMAIN}`) }))) throw new DemoDataPresentError();
    const factory = new DemoFactory(new SeededRandom(options.seed), Math.floor((options.now ?? new Date()).getTime()), options.size, options.publicBaseUrl);
    await this.tuneSqliteForBulkWrites();
    // argon2id is deliberately slow: one hash, shared by every demo user.
    const passwordHash = await this.hasher.hash(DEMO_PASSWORD);
    const admin = await this.insertPeople(factory, passwordHash);
    const progress = new Progress('transactions', options.size.transactions, this.report);
    const payments = await this.insertPayments(factory, options.size.paymentRequests, options.size.transactions, progress);
    const transactions = await this.insertTransactions(factory, options.size.transactions - payments.succeeded, progress);
    await this.writeLedger();
    await this.refreshPlannerStatistics();
    return {
      accounts: factory.accounts.map((account) => ({
        name: account.name,
        status: account.closedAt === null ? 'open' : 'closed',
        ownerEmail: account.owner.email,
        memberEmails: account.members.map((member) => member.email),
      })),
      users: factory.accounts.reduce((sum, account) => sum + 1 + account.members.length, 0) + (admin.createdBySeed ? 1 : 0),
      transactions: payments.succeeded + transactions.count,
      metadataEntries: payments.metadataEntries + transactions.metadataEntries,
      paymentRequests: payments.count,
      succeededPayments: payments.succeeded,
      admin,
    };
  }

  /**
   * The entries, running balances and balance rows of everything inserted, by
   * the same set-based statements that migrated existing data to the ledger:
   * the bulk inserts above bypass the service, and so its ledger writes.
   */
  private async writeLedger(): Promise<void> {
    const startedAt = performance.now();
    await this.db.transaction(async (manager) => {
      // DATABASE_STATEMENT_TIMEOUT is for requests: a million transactions' entries take longer (SET LOCAL ends with this transaction).
      if (this.dataSource.options.type === 'postgres') await manager.query('SET LOCAL statement_timeout = 0');
      await writeLedgerOfTransactions((statement) => manager.query(statement));
    });
    this.report(`ledger: entries and balances written in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  }

  /**
   * PostgreSQL plans from table statistics, which autovacuum refreshes only some
   * time after a bulk load; until then it misjudges the new rows (a member's
   * first page took 110 ms instead of 0.5 ms). SQLite plans from the indexes alone.
   */
  private async refreshPlannerStatistics(): Promise<void> {
    if (this.dataSource.options.type !== 'postgres') return;
    await this.db.run((manager) => manager.query('ANALYZE'));
  }

  /**
   * Settings of this process's SQLite connection only, gone when it exits. The
   * default page cache (2 MiB) holds little of nine growing indexes, so inserts
   * would keep reading pages back from the file. In WAL mode, NORMAL syncs at
   * checkpoints instead of at every commit and still never corrupts the file.
   */
  private async tuneSqliteForBulkWrites(): Promise<void> {
    if (this.dataSource.options.type === 'postgres') return;
    await this.db.run(async (manager) => {
      await manager.query(`PRAGMA cache_size = -${SQLITE_CACHE_KIB}`);
      await manager.query('PRAGMA synchronous = NORMAL');
    });
  }

  /**
   * Users, then accounts (which name their owners), then each user's account:
   * the two tables reference each other. The admin is made only if none exists.
   */
  private async insertPeople(factory: DemoFactory, passwordHash: string): Promise<DemoDataSummary['admin']> {
    return this.db.transaction(async (manager) => {
      const pipeline = new StatementPipeline(manager);
      await pipeline.insert(this.inserts.users, factory.userRows(passwordHash));
      await pipeline.insert(this.inserts.accounts, factory.accountRows());
      await pipeline.finish();
      for (const account of factory.accounts) {
        const userIds = [account.owner, ...account.members].map((user) => user.id);
        await manager.update(User, { id: In(userIds) }, { accountId: account.id });
      }
      return this.ensureAdmin(manager, passwordHash);
    });
  }

  private async ensureAdmin(manager: EntityManager, passwordHash: string): Promise<DemoDataSummary['admin']> {
    const existing = await manager.findOne(User, { where: { role: 'admin' }, order: { id: 'ASC' } });
    if (existing !== null) return { email: existing.email, createdBySeed: false };
    const now = new Date();
    await manager.insert(User, {
      id: idCreatedAt('usr', now),
      email: DEMO_ADMIN_EMAIL,
      passwordHash,
      name: 'Demo Administrator',
      role: 'admin',
      accountId: null,
      createdAt: now,
      updatedAt: now,
    });
    return { email: DEMO_ADMIN_EMAIL, createdBySeed: true };
  }

  /** Payment requests first: the credits that settle them reference them. */
  private async insertPayments(factory: DemoFactory, count: number, transactionBudget: number, progress: Progress): Promise<InsertedPayments> {
    const inserted: InsertedPayments = { count, succeeded: 0, metadataEntries: 0 };
    for (let start = 0; start < count; start += PAYMENTS_PER_COMMIT) {
      const payments: PaymentRequest[] = [];
      const settlements: GeneratedTransaction[] = [];
      for (let index = start; index < Math.min(count, start + PAYMENTS_PER_COMMIT); index += 1) {
        const generated = factory.payment(factory.instantOf(index, count), inserted.succeeded + settlements.length < transactionBudget);
        payments.push(generated.payment);
        if (generated.settlement !== null) settlements.push(generated.settlement);
      }
      const batch = transactionBatch(settlements);
      await this.db.transaction(async (manager) => {
        const pipeline = new StatementPipeline(manager);
        await pipeline.insert(this.inserts.payments, payments);
        await this.writeTransactions(pipeline, batch);
        await pipeline.finish();
      });
      inserted.succeeded += settlements.length;
      inserted.metadataEntries += batch.entries.length;
      progress.add(settlements.length);
    }
    this.report(`payment requests: ${formatCount(count)} (${formatCount(inserted.succeeded)} succeeded, each with its posted credit)`);
    return inserted;
  }

  /**
   * Commit by commit: the next commit is generated while earlier ones are written,
   * and on PostgreSQL two commits are written at once, on two connections (the
   * database, not Node, is the bottleneck; SQLite's queue takes them in turn).
   */
  private async insertTransactions(factory: DemoFactory, count: number, progress: Progress): Promise<{ count: number; metadataEntries: number }> {
    const window = new WriteWindow(CONCURRENT_COMMITS);
    let metadataEntries = 0;
    for (let start = 0; start < count; start += TRANSACTIONS_PER_COMMIT) {
      const generated: GeneratedTransaction[] = [];
      for (let index = start; index < Math.min(count, start + TRANSACTIONS_PER_COMMIT); index += 1) {
        generated.push(factory.transaction(factory.instantOf(index, count)));
      }
      const batch = transactionBatch(generated);
      metadataEntries += batch.entries.length;
      await window.admit(async () => {
        await this.db.transaction(async (manager) => {
          const pipeline = new StatementPipeline(manager);
          await this.writeTransactions(pipeline, batch);
          await pipeline.finish();
        });
        progress.add(batch.transactions.length);
      });
    }
    await window.drain();
    return { count, metadataEntries };
  }

  /** Within one database transaction, so that the entries see their transactions and their foreign key holds. */
  private async writeTransactions(pipeline: StatementPipeline, batch: TransactionBatch): Promise<void> {
    await pipeline.insert(this.inserts.transactions, batch.transactions);
    await pipeline.insert(this.inserts.entries, batch.entries);
  }
}

interface InsertedPayments {
  count: number;
  succeeded: number;
  metadataEntries: number;
}

interface TransactionBatch {
  transactions: Transaction[];
  entries: TransactionMetadataEntry[];
}

function transactionBatch(generated: readonly GeneratedTransaction[]): TransactionBatch {
  return { transactions: generated.map((row) => row.transaction), entries: generated.flatMap((row) => row.entries) };
}

/**
 * Runs at most `size` jobs at a time. A failure surfaces at the next admit() or
 * at drain(), once the other jobs have settled (so the pool closes cleanly).
 */
class WriteWindow {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;

  constructor(private readonly size: number) {}

  async admit(job: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.size) await Promise.race(this.running);
    if (this.failure !== null) return this.drain();
    const promise: Promise<void> = job()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async drain(): Promise<void> {
    await Promise.all(this.running);
    if (this.failure !== null) throw this.failure.error;
  }
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
