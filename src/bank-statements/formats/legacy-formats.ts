import { findCreditorReference } from '../../payments/providers/bank-transfer/creditor-reference';
import { parseCamt053 } from '../camt053';
import type { StatementLine } from '../statement-line';
import type { ParsedStatement, StatementFormat } from './statement-format';

// TEMPORARY: the parsers of section 16 behind the new port, until the camt folder replaces it.

const NOTHING_SKIPPED = { debits: 0, notBooked: 0, reversals: 0, zeroAmounts: 0 };

function statementOf(format: string, lines: readonly StatementLine[]): ParsedStatement {
  return {
    format,
    account: null,
    skipped: NOTHING_SKIPPED,
    lines: lines.map((line) => ({
      line: line.line,
      bankId: line.entryId,
      bookingDate: line.bookingDate,
      amount: line.amount,
      currency: line.currency,
      creditorReference: line.reference === null ? null : findCreditorReference(line.reference),
      references: line.reference === null ? [] : [line.reference],
      remittance: line.reference,
      debtorName: null,
      debtorIban: null,
    })),
  };
}

export const legacyCamtFormat: StatementFormat = {
  mediaTypes: ['application/xml', 'text/xml'],
  usesProfile: false,
  parse: (body) => statementOf('camt.053', parseCamt053(body.toString('utf8'))),
};
