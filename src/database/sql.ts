import { EntityManager } from 'typeorm';
import { namedStatementsAllowed } from './data-source-options';
import { hasRowLocks } from './dialect';

/** What better-sqlite3 offers for a prepared statement (the parts used here). */
interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { changes: number };
}

interface SqliteConnection {
  prepare(source: string): SqliteStatement;
  readonly inTransaction: boolean;
}

/** A pg client or pool: both run a named statement, prepared once per connection, or an unnamed one. */
interface PgQueryable {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[]; rowCount: number | null; command: string }>;
}

let statementCount = 0;

/**
 * A statement written once, with PostgreSQL's numbered placeholders ($1, $2...),
 * and run on either database straight through the driver: prepared once per
 * connection (a named statement on PostgreSQL, a cached better-sqlite3
 * statement on SQLite), without TypeORM's per-query building. Behind a
 * transaction pooler (DATABASE_PREPARED_STATEMENTS=false, or detected) the
 * PostgreSQL statement runs unnamed: parsed anew each time, in the same round
 * trip, on whichever server connection the pooler lends. For SQLite each
 * placeholder becomes a `?` and the parameters are laid out in the order they
 * appear. Used on the paths every request takes; the query builder stays for
 * rare and complex queries.
 *
 * Runs inside the caller's unit of work: within a transaction, on its
 * connection; otherwise on the pool (PostgreSQL) or the one connection (SQLite).
 */
export class Sql {
  private readonly name = `stmt_${(statementCount += 1)}`;
  private readonly sqliteText: string;
  /** For each `?` of the SQLite text, the index of its parameter. */
  private readonly sqliteOrder: number[] = [];
  private readonly sqliteStatements = new WeakMap<SqliteConnection, SqliteStatement>();

  constructor(readonly text: string) {
    this.sqliteText = text.replace(/\$(\d+)/g, (_placeholder, position: string) => {
      this.sqliteOrder.push(Number(position) - 1);
      return '?';
    });
  }

  /** The rows the statement returns. */
  async rows<Row>(manager: EntityManager, params: readonly unknown[]): Promise<Row[]> {
    if (hasRowLocks(manager)) return (await this.runOnPostgres(manager, params)).rows as Row[];
    return this.sqliteStatement(manager).all(...this.sqliteParams(params)) as Row[];
  }

  /** The first row, or null. */
  async row<Row>(manager: EntityManager, params: readonly unknown[]): Promise<Row | null> {
    if (hasRowLocks(manager)) return ((await this.runOnPostgres(manager, params)).rows[0] as Row | undefined) ?? null;
    return (this.sqliteStatement(manager).get(...this.sqliteParams(params)) as Row | undefined) ?? null;
  }

  /** Runs a write; the number of rows it changed. */
  async run(manager: EntityManager, params: readonly unknown[]): Promise<number> {
    if (hasRowLocks(manager)) return (await this.runOnPostgres(manager, params)).rowCount ?? 0;
    return this.sqliteStatement(manager).run(...this.sqliteParams(params)).changes;
  }

  private runOnPostgres(manager: EntityManager, params: readonly unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }> {
    const connection = postgresConnection(manager);
    batchWrites(connection);
    if (!namedStatementsAllowed(manager.connection)) return connection.query({ text: this.text, values: [...params] });
    return connection.query({ name: this.name, text: this.text, values: [...params] });
  }

  private sqliteStatement(manager: EntityManager): SqliteStatement {
    const connection = sqliteConnection(manager);
    let statement = this.sqliteStatements.get(connection);
    if (!statement) {
      statement = connection.prepare(this.sqliteText);
      this.sqliteStatements.set(connection, statement);
    }
    return statement;
  }

  private sqliteParams(params: readonly unknown[]): unknown[] {
    return this.sqliteOrder.map((index) => params[index]);
  }
}

function sqliteConnection(manager: EntityManager): SqliteConnection {
  return (manager.connection.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
}

/** True while SQLite's one connection is inside a transaction. */
export function sqliteInTransaction(manager: EntityManager): boolean {
  return sqliteConnection(manager).inTransaction;
}

/** What a pg client is beneath: its socket (a pool has none of its own). */
interface PgSocketOwner {
  connection?: { stream?: { cork(): void; uncork(): void } };
}

const corked = new WeakSet<object>();

/**
 * Holds the connection's writes until the event loop's next turn, so that the statements a unit of work
 * sends together (pipelined) leave in one write to the socket rather than one each: on loopback a write
 * costs the sender the receiver's share of the TCP work too, a third of the server's time for a write.
 */
function batchWrites(connection: PgQueryable): void {
  const socket = (connection as PgSocketOwner).connection?.stream;
  if (socket === undefined || corked.has(socket)) return;
  corked.add(socket);
  socket.cork();
  setImmediate(() => {
    corked.delete(socket);
    socket.uncork();
  });
}

/** The transaction's own connection when the manager belongs to one, else the pool. */
function postgresConnection(manager: EntityManager): PgQueryable {
  const transactionConnection = (manager.queryRunner as unknown as { databaseConnection?: PgQueryable } | undefined)?.databaseConnection;
  return transactionConnection ?? (manager.connection.driver as unknown as { master: PgQueryable }).master;
}

/**
 * Sends COMMIT on the manager's PostgreSQL transaction; false when PostgreSQL rolled it back instead (a
 * statement of it had failed, whose error its own caller sees).
 */
export async function commitPostgres(manager: EntityManager): Promise<boolean> {
  return (await postgresConnection(manager).query({ text: 'COMMIT', values: [] })).command === 'COMMIT';
}

/**
 * A statement as a tagged template: sql`SELECT ... WHERE id = $1`. Values go in
 * as $n parameters, never into the text: an interpolation does not compile.
 */
export function sql(strings: TemplateStringsArray, ...interpolations: never[]): Sql {
  void interpolations;
  return new Sql(strings.join(''));
}

/**
 * The placeholders of `count` rows of `width` values, `($1, $2), ($3, $4)`, numbered from `after + 1`: the
 * parameters are the rows' values one row after the other.
 */
export function rowPlaceholders(count: number, width: number, after = 0): string {
  return Array.from({ length: count }, (_, row) => `(${Array.from({ length: width }, (_column, index) => `$${after + row * width + index + 1}`).join(', ')})`).join(', ');
}

/**
 * `INSERT INTO table (columns) VALUES (...), (...)`: one statement per number
 * of rows, built and prepared once for each count. Parameters are the rows'
 * values one row after the other, in column order.
 */
export class MultiRowInsert {
  private readonly byCount = new Map<number, Sql>();

  constructor(
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {}

  /** Inserts the rows (each `columns.length` values long); nothing for none. */
  async run(manager: EntityManager, rows: readonly (readonly unknown[])[]): Promise<void> {
    if (rows.length === 0) return;
    await this.statement(rows.length).run(manager, rows.flat());
  }

  private statement(count: number): Sql {
    let statement = this.byCount.get(count);
    if (!statement) {
      statement = new Sql(`INSERT INTO ${this.table} (${this.columns.join(', ')}) VALUES ${rowPlaceholders(count, this.columns.length)}`);
      this.byCount.set(count, statement);
    }
    return statement;
  }
}
