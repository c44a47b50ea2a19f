import { ColumnOptions, getMetadataArgsStorage, ValueTransformer } from 'typeorm';
import { Sql } from './sql';

/** How one column's value crosses between the driver and the entity. */
interface ColumnCodec {
  /** The driver's value (BIGINT may be a string, JSON is text, SQLite's booleans are 0 or 1) as the entity holds it. */
  read(value: unknown): unknown;
  /** The entity's value as a statement parameter. */
  write(value: unknown): unknown;
}

/** One column of a table: the entity property, its SQL name and how its value crosses. */
export interface TableColumn {
  readonly property: string;
  readonly name: string;
  readonly codec: ColumnCodec;
}

const PASS_THROUGH: ColumnCodec = { read: (value) => value, write: (value) => value };
const JSON_TEXT: ColumnCodec = { read: (value) => JSON.parse(value as string) as unknown, write: (value) => JSON.stringify(value) };
// 1 or 0: SQLite binds no booleans, and PostgreSQL reads '1' and '0' as booleans.
const BOOLEAN: ColumnCodec = { read: (value) => Boolean(value), write: (value) => (value ? 1 : 0) };

function codecOf(options: ColumnOptions): ColumnCodec {
  const transformer = options.transformer as ValueTransformer | undefined;
  if (transformer) return { read: (value) => transformer.from(value) as unknown, write: (value) => transformer.to(value) as unknown };
  if (options.type === 'simple-json') return JSON_TEXT;
  if (options.type === 'boolean') return BOOLEAN;
  return PASS_THROUGH;
}

/** The columns an entity class declares with TypeORM's decorators, in declaration order. */
function declaredColumns(entity: abstract new () => object): TableColumn[] {
  return getMetadataArgsStorage()
    .columns.filter((column) => column.target === entity && column.mode === 'regular')
    .map((column) => ({ property: column.propertyName, name: column.options.name ?? column.propertyName, codec: codecOf(column.options) }));
}

function tableNameOf(entity: abstract new () => object): string {
  const table = getMetadataArgsStorage().tables.find((candidate) => candidate.target === entity);
  if (!table?.name) throw new Error(`${entity.name} is not an @Entity with a table name`);
  return table.name;
}

/**
 * A table described once, by its entity's TypeORM decorators: the column list of the statements that read it
 * whole, the mapping of a row to the entity, and the insert of an entity, all follow from the columns the entity
 * declares (read from TypeORM's metadata when the entity's module loads, before any connection). A new column
 * is its decorated property (and a migration): no SQL string, row type or placeholder count spells it again.
 *
 * Used by the hand-written statements (`Sql`) on the paths every request takes, which skip TypeORM's entity
 * building: the mappings are compiled once, as fast as hand-written ones.
 */
export class Table<Entity extends object> {
  readonly name: string;
  readonly columns: readonly TableColumn[];
  /** The table's columns, comma-separated, for SELECT and RETURNING. */
  readonly columnList: string;
  /** INSERT of one entity; parameters from `params`. */
  readonly insert: Sql;

  constructor(entity: abstract new () => Entity) {
    this.name = tableNameOf(entity);
    this.columns = declaredColumns(entity);
    this.columnList = this.columns.map((column) => column.name).join(', ');
    const placeholders = this.columns.map((_column, index) => `$${index + 1}`).join(', ');
    this.insert = new Sql(`INSERT INTO ${this.name} (${this.columnList}) VALUES (${placeholders})`);
    ({ fromRow: this.fromRow, params: this.params } = compileMappings<Entity>(this.columns));
  }

  /** The column list with each column qualified by `alias`, for statements that join the table to others. */
  qualifiedColumns(alias: string): string {
    return this.columns.map((column) => `${alias}.${column.name}`).join(', ');
  }

  /** The entity a row read with `columnList` holds. */
  readonly fromRow: (row: object) => Entity;
  /** The parameters of `insert`, in its column order. */
  readonly params: (entity: Entity) => unknown[];
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The row-to-entity and entity-to-parameters functions of the columns, compiled once per table from their
 * (checked) identifiers: an object literal of one fixed shape, as a hand-written mapping builds it, is several
 * times faster than filling an object key by key, and these run for every row the hot paths read or write.
 */
function compileMappings<Entity>(columns: readonly TableColumn[]): { fromRow: (row: object) => Entity; params: (entity: Entity) => unknown[] } {
  for (const column of columns) {
    if (!IDENTIFIER.test(column.property) || !IDENTIFIER.test(column.name)) throw new Error(`not a plain identifier: ${column.property} / ${column.name}`);
  }
  const codecs = columns.map((column) => column.codec);
  const read = columns.map((column, index) => `${column.property}: ${column.codec === PASS_THROUGH ? `row.${column.name}` : `codecs[${index}].read(row.${column.name})`}`);
  // A property left out (an optional column the caller does not set) is stored as NULL.
  const write = columns.map((column, index) => `entity.${column.property} === undefined ? null : codecs[${index}].write(entity.${column.property})`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the entity's checked identifiers only
  const fromRow = new Function('codecs', `return (row) => ({ ${read.join(', ')} });`) as (codecs: ColumnCodec[]) => (row: object) => Entity;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the entity's checked identifiers only
  const params = new Function('codecs', `return (entity) => [${write.join(', ')}];`) as (codecs: ColumnCodec[]) => (entity: Entity) => unknown[];
  return { fromRow: fromRow(codecs), params: params(codecs) };
}
