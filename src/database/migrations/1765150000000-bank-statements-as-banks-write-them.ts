import { randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Bank statements as banks write them (contract section 19): statements get a mode, an account, skipped counts,
 * a status and their report; lines get an id of their own, are unique by mode, account and entry id (no longer by
 * entry id alone: derived ids, and two banks' ids may meet), keep what the bank said of them, and wait in an
 * inbox (status). Profiles of banks' CSV exports get a table. Existing statements and lines are copied over:
 * their mode is the request's they settled, else live; their account is unknown (empty); their report is rebuilt
 * from their lines. Self-contained: it must keep doing what it did when the application changes.
 */
export class BankStatementsAsBanksWriteThem1765150000000 implements MigrationInterface {
  name = 'BankStatementsAsBanksWriteThem1765150000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE bank_statements_before AS SELECT * FROM bank_statements');
    await queryRunner.query('CREATE TABLE bank_statement_lines_before AS SELECT * FROM bank_statement_lines');
    await queryRunner.dropTable('bank_statement_lines');
    await queryRunner.dropTable('bank_statements');
    await queryRunner.createTable(STATEMENTS);
    await queryRunner.createTable(LINES);
    await queryRunner.createTable(PROFILES);
    await queryRunner.query(
      `INSERT INTO bank_statements (id, format, livemode, account, status, line_count, matched_count, unmatched_count,
         skipped_debits, skipped_not_booked, skipped_reversals, skipped_zero_amounts, report, imported_by, imported_at)
       SELECT id, CASE format WHEN 'camt053' THEN 'camt.053' ELSE format END, TRUE, NULL, 'completed', line_count, matched_count,
         unmatched_count, 0, 0, 0, 0, NULL, imported_by, imported_at FROM bank_statements_before`,
    );
    await copyLines(queryRunner);
    await writeReports(queryRunner);
    await queryRunner.query('DROP TABLE bank_statement_lines_before');
    await queryRunner.query('DROP TABLE bank_statements_before');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('bank_statement_profiles');
    await queryRunner.dropTable('bank_statement_lines');
    await queryRunner.dropTable('bank_statements');
    await queryRunner.createTable(OLD_STATEMENTS);
    await queryRunner.createTable(OLD_LINES);
  }
}

const BATCH = 500;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A line's id: `bsl_` and a ULID of its creation time. */
function lineId(createdAt: number): string {
  let time = '';
  for (let rest = createdAt, index = 0; index < 10; index += 1, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32] + time;
  return `bsl_${time}${[...randomBytes(16)].map((byte) => CROCKFORD[byte % 32]).join('')}`;
}

interface OldLine {
  entry_id: string;
  statement_id: string;
  booking_date: string;
  amount: string | number;
  currency: string;
  reference: string | null;
  outcome: string;
  payment_id: string | null;
  created_at: string | number;
  livemode: boolean | number | null;
}

/** Old lines, a batch at a time in entry id order, into the new table. */
async function copyLines(queryRunner: QueryRunner): Promise<void> {
  for (let after = ''; ;) {
    const rows = (await queryRunner.query(
      `SELECT l.entry_id, l.statement_id, l.booking_date, l.amount, l.currency, l.reference, l.outcome, l.payment_id, l.created_at, p.livemode
       FROM bank_statement_lines_before l LEFT JOIN payment_requests p ON p.id = l.payment_id
       WHERE l.entry_id > ${placeholder(queryRunner, 1)} ORDER BY l.entry_id LIMIT ${BATCH}`,
      [after],
    )) as OldLine[];
    for (const row of rows) await insertLine(queryRunner, row);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].entry_id;
  }
}

async function insertLine(queryRunner: QueryRunner, row: OldLine): Promise<void> {
  const matched = row.outcome === 'matched';
  const reference = row.reference?.replace(/ /g, '').toUpperCase() ?? null;
  const values: Record<string, unknown> = {
    id: lineId(Number(row.created_at)),
    statement_id: row.statement_id,
    livemode: row.livemode === null ? true : Boolean(row.livemode),
    account: '',
    entry_id: row.entry_id,
    position: 0,
    booking_date: row.booking_date,
    amount: Number(row.amount),
    currency: row.currency,
    creditor_reference: reference !== null && /^RF[0-9]{2}[0-9A-Z]{1,21}$/.test(reference) ? reference : null,
    bank_references: JSON.stringify(row.reference === null ? [] : [row.reference]),
    remittance: row.reference,
    status: matched ? 'matched' : 'unmatched',
    reason: matched ? null : row.outcome,
    payment_id: row.payment_id,
    created_at: Number(row.created_at),
  };
  const columns = Object.keys(values);
  await queryRunner.query(
    `INSERT INTO bank_statement_lines (${columns.join(', ')}) VALUES (${columns.map((_, index) => placeholder(queryRunner, index + 1)).join(', ')})`,
    Object.values(values),
  );
}

/** The n-th bind parameter as each database spells it. */
function placeholder(queryRunner: QueryRunner, n: number): string {
  return queryRunner.connection.driver.options.type === 'postgres' ? `$${n}` : '?';
}

/** Each old statement's report, from the lines it first read (its re-imported lines were not recorded then). */
async function writeReports(queryRunner: QueryRunner): Promise<void> {
  const statements = (await queryRunner.query('SELECT id, line_count FROM bank_statements')) as { id: string; line_count: string | number }[];
  for (const statement of statements) {
    const lines = (await queryRunner.query(
      `SELECT id, entry_id, status, reason, payment_id FROM bank_statement_lines WHERE statement_id = ${placeholder(queryRunner, 1)} ORDER BY id`,
      [statement.id],
    )) as { id: string; entry_id: string; status: string; reason: string | null; payment_id: string | null }[];
    const report = {
      statement_id: statement.id,
      livemode: true,
      lines: Number(statement.line_count),
      matched: lines.filter((line) => line.status === 'matched').map((line) => ({ line_id: line.id, entry_id: line.entry_id, payment_id: line.payment_id })),
      unmatched: lines.filter((line) => line.status !== 'matched').map((line) => ({ line_id: line.id, entry_id: line.entry_id, reason: line.reason })),
      skipped: { debits: 0, not_booked: 0, reversals: 0, zero_amounts: 0 },
    };
    await queryRunner.query(`UPDATE bank_statements SET report = ${placeholder(queryRunner, 1)} WHERE id = ${placeholder(queryRunner, 2)}`, [JSON.stringify(report), statement.id]);
  }
}

const STATEMENTS = new Table({
  name: 'bank_statements',
  columns: [
    { name: 'id', type: 'varchar', length: '40', isPrimary: true },
    { name: 'format', type: 'varchar', length: '80' },
    { name: 'livemode', type: 'boolean' },
    { name: 'account', type: 'varchar', length: '64', isNullable: true },
    { name: 'status', type: 'varchar', length: '16' },
    { name: 'line_count', type: 'bigint' },
    { name: 'matched_count', type: 'bigint' },
    { name: 'unmatched_count', type: 'bigint' },
    { name: 'skipped_debits', type: 'bigint' },
    { name: 'skipped_not_booked', type: 'bigint' },
    { name: 'skipped_reversals', type: 'bigint' },
    { name: 'skipped_zero_amounts', type: 'bigint' },
    { name: 'report', type: 'text', isNullable: true },
    { name: 'imported_by', type: 'varchar', length: '40', isNullable: true },
    { name: 'imported_at', type: 'bigint' },
  ],
  indices: [{ name: 'idx_bank_statements_livemode', columnNames: ['livemode', 'id'] }],
});

const LINES = new Table({
  name: 'bank_statement_lines',
  columns: [
    { name: 'id', type: 'varchar', length: '40', isPrimary: true },
    { name: 'statement_id', type: 'varchar', length: '40' },
    { name: 'livemode', type: 'boolean' },
    { name: 'account', type: 'varchar', length: '64' },
    { name: 'entry_id', type: 'varchar', length: '140' },
    { name: 'position', type: 'bigint' },
    { name: 'booking_date', type: 'varchar', length: '10' },
    { name: 'amount', type: 'bigint' },
    { name: 'currency', type: 'varchar', length: '3' },
    { name: 'creditor_reference', type: 'varchar', length: '35', isNullable: true },
    { name: 'bank_references', type: 'text' },
    { name: 'remittance', type: 'varchar', length: '500', isNullable: true },
    { name: 'debtor_name', type: 'varchar', length: '140', isNullable: true },
    { name: 'debtor_iban', type: 'varchar', length: '34', isNullable: true },
    { name: 'status', type: 'varchar', length: '16' },
    { name: 'reason', type: 'varchar', length: '32', isNullable: true },
    { name: 'payment_id', type: 'varchar', length: '40', isNullable: true },
    { name: 'ignore_reason', type: 'varchar', length: '500', isNullable: true },
    { name: 'resolved_by', type: 'varchar', length: '40', isNullable: true },
    { name: 'resolved_at', type: 'bigint', isNullable: true },
    { name: 'created_at', type: 'bigint' },
  ],
  foreignKeys: [
    { name: 'fk_bank_statement_lines_statement_id', columnNames: ['statement_id'], referencedTableName: 'bank_statements', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
    { name: 'fk_bank_statement_lines_payment_id', columnNames: ['payment_id'], referencedTableName: 'payment_requests', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
  ],
  indices: [
    { name: 'uq_bank_statement_lines_entry', columnNames: ['livemode', 'account', 'entry_id'], isUnique: true },
    { name: 'idx_bank_statement_lines_status', columnNames: ['status', 'id'] },
    { name: 'idx_bank_statement_lines_statement_id', columnNames: ['statement_id', 'id'] },
    { name: 'idx_bank_statement_lines_payment_id', columnNames: ['payment_id'] },
  ],
});

const PROFILES = new Table({
  name: 'bank_statement_profiles',
  columns: [
    { name: 'name', type: 'varchar', length: '64', isPrimary: true },
    { name: 'definition', type: 'text' },
    { name: 'created_by', type: 'varchar', length: '40', isNullable: true },
    { name: 'created_at', type: 'bigint' },
  ],
});

/** The tables as the step before left them (down). */
const OLD_STATEMENTS = new Table({
  name: 'bank_statements',
  columns: [
    { name: 'id', type: 'varchar', length: '40', isPrimary: true },
    { name: 'format', type: 'varchar', length: '16' },
    { name: 'line_count', type: 'bigint' },
    { name: 'matched_count', type: 'bigint' },
    { name: 'unmatched_count', type: 'bigint' },
    { name: 'imported_by', type: 'varchar', length: '40', isNullable: true },
    { name: 'imported_at', type: 'bigint' },
  ],
});

const OLD_LINES = new Table({
  name: 'bank_statement_lines',
  columns: [
    { name: 'entry_id', type: 'varchar', length: '140', isPrimary: true },
    { name: 'statement_id', type: 'varchar', length: '40' },
    { name: 'booking_date', type: 'varchar', length: '10' },
    { name: 'amount', type: 'bigint' },
    { name: 'currency', type: 'varchar', length: '3' },
    { name: 'reference', type: 'varchar', length: '140', isNullable: true },
    { name: 'outcome', type: 'varchar', length: '24' },
    { name: 'payment_id', type: 'varchar', length: '40', isNullable: true },
    { name: 'created_at', type: 'bigint' },
  ],
  foreignKeys: [
    { name: 'fk_bank_statement_lines_statement_id', columnNames: ['statement_id'], referencedTableName: 'bank_statements', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
    { name: 'fk_bank_statement_lines_payment_id', columnNames: ['payment_id'], referencedTableName: 'payment_requests', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
  ],
  indices: [
    { name: 'idx_bank_statement_lines_statement_id', columnNames: ['statement_id'] },
    { name: 'idx_bank_statement_lines_payment_id', columnNames: ['payment_id'] },
  ],
});
