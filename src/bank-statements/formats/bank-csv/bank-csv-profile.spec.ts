import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BankCsvColumns, BankCsvProfile } from '../statement-format';
import { bankCsvProfileProblems } from './bank-csv-profile';

const VALID: BankCsvProfile = {
  name: 'zkb-2012',
  delimiter: ';',
  decimalSeparator: '.',
  dateFormat: 'DD.MM.YYYY',
  encoding: 'utf-8',
  skipRows: 0,
  columns: { bookingDate: 'Datum', credit: 'Gutschrift CHF', debit: 'Belastung CHF', defaultCurrency: 'CHF', reference: ['Buchungstext'] },
};

/** The fields named by the problems of VALID changed so. */
function fieldsAtFault(change: Partial<Omit<BankCsvProfile, 'columns'>> & { columns?: Partial<BankCsvColumns> }): string[] {
  const profile = { ...VALID, ...change, columns: { ...VALID.columns, ...change.columns } } as BankCsvProfile;
  return bankCsvProfileProblems(profile).map(({ field }) => field);
}

describe('A bank CSV profile', () => {
  it('has no problem when it can read a file', () => {
    assert.deepEqual(bankCsvProfileProblems(VALID), []);
    for (const dateFormat of ['YYYY-MM-DD', 'YYYYMMDD', 'DD/MM/YYYY', 'DD.MM.YY', 'MM/DD/YYYY', 'YYYY.MM.DD']) assert.deepEqual(fieldsAtFault({ dateFormat }), [], dateFormat);
    for (const delimiter of [',', ';', '\t', '|']) assert.deepEqual(fieldsAtFault({ delimiter }), [], delimiter);
    assert.deepEqual(fieldsAtFault({ skipRows: 50, encoding: 'windows-1252', decimalSeparator: ',' }), []);
    assert.deepEqual(fieldsAtFault({ columns: { credit: undefined, debit: undefined, amount: 'Betrag', defaultCurrency: undefined, currency: 'Währung', entryId: 'Id' } }), []);
  });

  it('names each field at fault', () => {
    assert.deepEqual(fieldsAtFault({ name: '' }), ['name']);
    assert.deepEqual(fieldsAtFault({ name: 'has space' }), ['name']);
    assert.deepEqual(fieldsAtFault({ delimiter: ';;' }), ['delimiter']);
    assert.deepEqual(fieldsAtFault({ delimiter: '"' }), ['delimiter']);
    assert.deepEqual(fieldsAtFault({ decimalSeparator: "'" as '.' }), ['decimal_separator']);
    assert.deepEqual(fieldsAtFault({ encoding: 'utf-16' as 'utf-8' }), ['encoding']);
    assert.deepEqual(fieldsAtFault({ skipRows: 51 }), ['skip_rows']);
    assert.deepEqual(fieldsAtFault({ skipRows: -1 }), ['skip_rows']);
    assert.deepEqual(fieldsAtFault({ skipRows: 1.5 }), ['skip_rows']);
  });

  it('wants YYYY (or YY), MM and DD once each in the date format', () => {
    for (const dateFormat of ['DD.MM', 'DD.MM.YYYY.YY', 'DD.DD.YYYY', 'D.M.YYYY', 'DD.MM.YYYY HH:mm', 'DDMMYYY', '']) {
      assert.deepEqual(fieldsAtFault({ dateFormat }), ['date_format'], dateFormat);
    }
  });

  it('wants one amount column or credit and debit, and one currency column or a default currency', () => {
    assert.deepEqual(fieldsAtFault({ columns: { amount: 'Betrag' } }), ['columns.amount']);
    assert.deepEqual(fieldsAtFault({ columns: { debit: undefined } }), ['columns.debit']);
    assert.deepEqual(fieldsAtFault({ columns: { credit: undefined, debit: undefined } }), ['columns.amount']);
    assert.deepEqual(fieldsAtFault({ columns: { currency: 'Währung' } }), ['columns.currency']);
    assert.deepEqual(fieldsAtFault({ columns: { defaultCurrency: undefined } }), ['columns.currency']);
    assert.deepEqual(fieldsAtFault({ columns: { defaultCurrency: 'chf' } }), ['columns.default_currency']);
    assert.deepEqual(fieldsAtFault({ columns: { bookingDate: ' ' } }), ['columns.booking_date']);
    assert.deepEqual(fieldsAtFault({ columns: { reference: ['Text', ''] } }), ['columns.reference[1]']);
    assert.deepEqual(fieldsAtFault({ columns: { reference: Array.from({ length: 11 }, (_, index) => `C${index}`) } }), ['columns.reference']);
  });
});
