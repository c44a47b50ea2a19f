import { Column, ColumnOptions, ValueTransformer } from 'typeorm';

/**
 * PostgreSQL returns BIGINT as a string and SQLite as a number: converted here,
 * at the edge of the persistence layer, so the domain only sees numbers and Dates.
 */
const epochMilliseconds: ValueTransformer = {
  to: (value: Date | null | undefined) => (value == null ? value : value.getTime()),
  from: (value: string | number | null) => instantOrNull(value),
};

/** An instant column's value as a row read with `Sql` carries it (BIGINT milliseconds, or a string of them), as a Date. */
export function instantOrNull(value: string | number | null | undefined): Date | null {
  return value == null ? null : new Date(Number(value));
}

/**
 * Instants are stored as BIGINT milliseconds since the epoch (UTC): the same
 * column type, precision and ordering on SQLite and PostgreSQL, and no
 * time-zone conversion by either driver.
 */
export function TimestampColumn(options: Pick<ColumnOptions, 'name' | 'nullable'> = {}): PropertyDecorator {
  return Column({ type: 'bigint', transformer: epochMilliseconds, nullable: options.nullable ?? false, name: options.name });
}

/**
 * Money in minor units as a 64-bit integer (BIGINT). PostgreSQL's driver returns
 * BIGINT as a string; amounts are capped far below 2^53, so a JavaScript number
 * holds every one exactly.
 */
const minorUnits: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value == null ? null : Number(value)),
};

/** A 64-bit integer (money in minor units, or a count), read as a number on both databases. */
export function AmountColumn(options: Pick<ColumnOptions, 'name' | 'nullable' | 'default'> = {}): PropertyDecorator {
  return Column({ type: 'bigint', transformer: minorUnits, name: options.name, nullable: options.nullable ?? false, default: options.default as unknown });
}
