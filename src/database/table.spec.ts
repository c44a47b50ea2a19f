import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from './columns';
import { Table } from './table';

@Entity('widgets')
class Widget {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @AmountColumn()
  amount: number;

  @Column({ type: 'simple-json' })
  tags: string[];

  @Column({ type: 'boolean', default: false })
  livemode: boolean;

  @Column({ name: 'note_text', type: 'varchar', length: 100, nullable: true })
  note?: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'closed_at', nullable: true })
  closedAt: Date | null;
}

@Entity('odd')
class OddlyNamed {
  @PrimaryColumn({ name: 'id; DROP TABLE odd', type: 'varchar' })
  id: string;
}

const CREATED = new Date('2026-11-28T10:00:00.123Z');
const widget: Widget = { id: 'wdg_1', amount: 1250, tags: ['a', 'b'], livemode: true, note: 'hello', createdAt: CREATED, closedAt: null };

describe('Table (a table described once by its entity)', () => {
  it('lists the columns the entity declares, in declaration order, by their SQL names', () => {
    const table = new Table(Widget);
    assert.equal(table.name, 'widgets');
    assert.equal(table.columnList, 'id, amount, tags, livemode, note_text, created_at, closed_at');
    assert.equal(table.insert.text, 'INSERT INTO widgets (id, amount, tags, livemode, note_text, created_at, closed_at) VALUES ($1, $2, $3, $4, $5, $6, $7)');
    assert.equal(table.qualifiedColumns('w'), 'w.id, w.amount, w.tags, w.livemode, w.note_text, w.created_at, w.closed_at');
  });

  it('binds what both drivers take: JSON as text, booleans as 1 or 0, instants as milliseconds, a left-out property as NULL', () => {
    const table = new Table(Widget);
    assert.deepEqual(table.params(widget), ['wdg_1', 1250, '["a","b"]', 1, 'hello', CREATED.getTime(), null]);
    const { note: _left, ...withoutNote } = widget;
    assert.deepEqual(table.params(withoutNote), ['wdg_1', 1250, '["a","b"]', 1, null, CREATED.getTime(), null]);
  });

  it('reads a row as SQLite returns it (numbers, 0 or 1) and as PostgreSQL does (BIGINT as strings, booleans)', () => {
    const table = new Table(Widget);
    const sqliteRow = { id: 'wdg_1', amount: 1250, tags: '["a","b"]', livemode: 1, note_text: 'hello', created_at: CREATED.getTime(), closed_at: null };
    const postgresRow = { ...sqliteRow, amount: '1250', livemode: true, created_at: String(CREATED.getTime()) };
    assert.deepEqual(table.fromRow(sqliteRow), widget);
    assert.deepEqual(table.fromRow(postgresRow), widget);
  });

  it('refuses a column whose name is not a plain identifier (the mappings are compiled from the names)', () => {
    assert.throws(() => new Table(OddlyNamed), /not a plain identifier/);
  });
});
