import { SkippedTally } from '../skipped-tally';
import type { ParsedLine, ParsedStatement, PayoutLine, StatementFormat } from '../statement-format';
import { parseEntry, readCamtDocument } from './camt-document';
import { entryLines } from './camt-entry';
import { camtText } from './camt-text';
import { idValue } from './camt-values';
import { child, children, elementLines, path, text, type XmlNode } from './camt-xml';

/**
 * ISO 20022 bank-to-customer messages (contract section 19): camt.053 statements (Document/BkToCstmrStmt/Stmt/Ntry)
 * and camt.054 debit/credit notifications (Document/BkToCstmrDbtCdtNtfctn/Ntfctn/Ntry), versions .001.02 to
 * .001.13, with any namespace prefix, with or without a byte-order mark. What makes a line: camt-entry.ts; what a
 * line says: camt-line-details.ts; the document's safety: camt-document.ts.
 */
export const camtFormat: StatementFormat = {
  mediaTypes: ['application/xml', 'text/xml'],
  usesProfile: false,
  parse: (body: Buffer): ParsedStatement => parseCamt(body),
};

function parseCamt(body: Buffer): ParsedStatement {
  const xml = camtText(body);
  const document = readCamtDocument(xml);
  const positions = elementLines(xml);
  const skipped = new SkippedTally();
  const lines: ParsedLine[] = [];
  const payouts: PayoutLine[] = [];
  for (const statement of document.statements) {
    const context = { message: document.message, positions, skipped, statementDate: statementDate(statement), payouts };
    const account = statementAccount(statement);
    for (const entry of children(statement, 'Ntry')) lines.push(...entryLines(parseEntry(entry), context).map((line) => ({ ...line, account })));
  }
  return { format: document.format, account: accountOf(document.statements), lines, skipped: skipped.counts, payouts };
}

/**
 * The account of the message: Acct/Id/IBAN (without spaces, upper case), else Acct/Id/Othr/Id as written. A file
 * whose statements are for different accounts (a bank's export of all of a customer's accounts, such as Goldman
 * Sachs' sample) is read with no account rather than refused: it is schema-valid; each line carries its own.
 */
function accountOf(statements: readonly XmlNode[]): string | null {
  const accounts = new Set(statements.map(statementAccount));
  return accounts.size === 1 ? [...accounts][0] : null;
}

function statementAccount(statement: XmlNode): string | null {
  const id = path(statement, 'Acct', 'Id');
  const at = { line: null, entryId: null };
  const iban = idValue(child(id, 'IBAN'), 'the account (Acct/Id/IBAN)', at);
  return iban === null ? idValue(path(id, 'Othr', 'Id'), 'the account (Acct/Id/Othr/Id)', at) : iban.replace(/\s/g, '').toUpperCase();
}

/**
 * The last day a statement covers, as written: the end of its period (FrToDt/ToDtTm), else the date of its closing
 * booked balance (Bal of type CLBD); null when it gives neither.
 */
function statementDate(statement: XmlNode): string | null {
  const closing = children(statement, 'Bal').find((balance) => text(path(balance, 'Tp', 'CdOrPrtry', 'Cd'))?.trim() === 'CLBD');
  return text(path(statement, 'FrToDt', 'ToDtTm')) ?? text(path(closing, 'Dt', 'Dt')) ?? text(path(closing, 'Dt', 'DtTm')) ?? null;
}
