import { minorUnitDigits } from '../../src/common/money/currencies';

/**
 * Bank statements as banks write them, for tests and benches: camt.053 documents (several statements, batch
 * entries, debits, any currency, versions .02 to .08) and the CSV form of POST /v1/bank_statements.
 * Amounts are given in minor units and written in major units with the currency's decimals.
 */

export type CamtVersion = '02' | '03' | '04' | '05' | '06' | '07' | '08';

export interface CamtTransaction {
  /** Minor units, positive. */
  amount: number;
  /** Refs/AcctSvcrRef of the transaction; omitted, a batch line's id is `<entry id>/<n>`. */
  id?: string;
  /** RmtInf/Strd/CdtrRefInf/Ref (an RF reference, as the payer typed it). */
  reference?: string;
  /** RmtInf/Ustrd, free text. */
  unstructured?: string;
  debtorName?: string;
}

export interface CamtEntry {
  /** Minor units, positive; defaults to the sum of the transactions. */
  amount?: number;
  currency?: string;
  direction?: 'CRDT' | 'DBIT';
  status?: 'BOOK' | 'PDNG' | 'INFO';
  /** YYYY-MM-DD. */
  bookingDate?: string;
  /** AcctSvcrRef, the bank's entry id; null leaves it out (then NtryRef is the id, if given). */
  entryId?: string | null;
  ntryRef?: string;
  /** Shorthand for one transaction carrying this structured reference. */
  reference?: string;
  /** Shorthand for one transaction carrying this unstructured remittance text. */
  unstructured?: string;
  /** The entry's transactions: one is an ordinary entry, several a batch. Default: one, from the fields above. */
  transactions?: CamtTransaction[];
}

export interface CamtStatement {
  id?: string;
  iban?: string;
  /** The account's currency; entries default to it. */
  currency?: string;
  entries: CamtEntry[];
}

export interface Camt053Options {
  version?: CamtVersion;
  /** Write every element with this namespace prefix (`<camt:Document xmlns:camt=...>`), as some banks do. */
  prefix?: string;
}

let counter = 0;

/** A unique, bank-looking id for entries and transactions (`2026112500000042`). */
export function bankEntryId(): string {
  counter += 1;
  return `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(7, '0')}`;
}

/** Major units as banks write them: 1250 EUR is "12.50", 5000 JPY "5000", 12345 BHD "12.345". */
export function majorUnits(minorUnits: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(minorUnits);
  const text = String(minorUnits).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A camt.053.001.NN document (default .08) with the given statements, indented one element per line. */
export function camt053(statements: CamtStatement | CamtStatement[], options: Camt053Options = {}): string {
  const version = options.version ?? '08';
  const p = options.prefix === undefined ? '' : `${options.prefix}:`;
  const xmlns = options.prefix === undefined ? 'xmlns' : `xmlns:${options.prefix}`;
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  let depth = 0;
  const open = (name: string, attributes = ''): void => {
    out.push(`${'  '.repeat(depth)}<${p}${name}${attributes}>`);
    depth += 1;
  };
  const close = (name: string): void => {
    depth -= 1;
    out.push(`${'  '.repeat(depth)}</${p}${name}>`);
  };
  const leaf = (name: string, value: string, attributes = ''): void => {
    out.push(`${'  '.repeat(depth)}<${p}${name}${attributes}>${escapeXml(value)}</${p}${name}>`);
  };
  const amount = (name: string, minorUnits: number, currency: string): void => {
    leaf(name, majorUnits(minorUnits, currency), ` Ccy="${currency}"`);
  };
  const now = new Date().toISOString().slice(0, 19);

  open('Document', ` ${xmlns}="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"`);
  open('BkToCstmrStmt');
  open('GrpHdr');
  leaf('MsgId', `MSG-${bankEntryId()}`);
  leaf('CreDtTm', now);
  close('GrpHdr');
  for (const [index, statement] of (Array.isArray(statements) ? statements : [statements]).entries()) {
    const accountCurrency = statement.currency ?? 'EUR';
    open('Stmt');
    leaf('Id', statement.id ?? `STMT-${bankEntryId()}`);
    leaf('ElctrncSeqNb', String(index + 1));
    leaf('CreDtTm', now);
    open('Acct');
    open('Id');
    leaf('IBAN', statement.iban ?? 'DE89370400440532013000');
    close('Id');
    leaf('Ccy', accountCurrency);
    close('Acct');
    for (const code of ['OPBD', 'CLBD']) {
      open('Bal');
      open('Tp');
      open('CdOrPrtry');
      leaf('Cd', code);
      close('CdOrPrtry');
      close('Tp');
      amount('Amt', 100_000, accountCurrency);
      leaf('CdtDbtInd', 'CRDT');
      open('Dt');
      leaf('Dt', '2026-11-24');
      close('Dt');
      close('Bal');
    }
    for (const entry of statement.entries) writeEntry(entry, accountCurrency);
    close('Stmt');
  }
  close('BkToCstmrStmt');
  close('Document');
  return `${out.join('\n')}\n`;

  function writeEntry(entry: CamtEntry, accountCurrency: string): void {
    const currency = entry.currency ?? accountCurrency;
    const transactions = entry.transactions ?? [{ amount: entry.amount ?? 0, reference: entry.reference, unstructured: entry.unstructured, debtorName: 'Erika Mustermann' }];
    const total = entry.amount ?? transactions.reduce((sum, transaction) => sum + transaction.amount, 0);
    const batch = transactions.length > 1;
    open('Ntry');
    if (entry.ntryRef !== undefined) leaf('NtryRef', entry.ntryRef);
    amount('Amt', total, currency);
    leaf('CdtDbtInd', entry.direction ?? 'CRDT');
    if (version >= '08') {
      open('Sts');
      leaf('Cd', entry.status ?? 'BOOK');
      close('Sts');
    } else {
      leaf('Sts', entry.status ?? 'BOOK');
    }
    open('BookgDt');
    leaf('Dt', entry.bookingDate ?? '2026-11-25');
    close('BookgDt');
    open('ValDt');
    leaf('Dt', entry.bookingDate ?? '2026-11-25');
    close('ValDt');
    const entryId = entry.entryId === undefined ? bankEntryId() : entry.entryId;
    if (entryId !== null) leaf('AcctSvcrRef', entryId);
    open('BkTxCd');
    open('Domn');
    leaf('Cd', 'PMNT');
    open('Fmly');
    leaf('Cd', entry.direction === 'DBIT' ? 'ICDT' : 'RCDT');
    leaf('SubFmlyCd', 'ESCT');
    close('Fmly');
    close('Domn');
    close('BkTxCd');
    open('NtryDtls');
    if (batch) {
      open('Btch');
      leaf('NbOfTxs', String(transactions.length));
      amount('TtlAmt', total, currency);
      leaf('CdtDbtInd', entry.direction ?? 'CRDT');
      close('Btch');
    }
    for (const transaction of transactions) writeTransaction(transaction, currency, entry.direction ?? 'CRDT');
    close('NtryDtls');
    close('Ntry');
  }

  function writeTransaction(transaction: CamtTransaction, currency: string, direction: string): void {
    open('TxDtls');
    open('Refs');
    if (transaction.id !== undefined) leaf('AcctSvcrRef', transaction.id);
    leaf('EndToEndId', 'NOTPROVIDED');
    close('Refs');
    if (version >= '08') amount('Amt', transaction.amount, currency);
    if (version >= '08') leaf('CdtDbtInd', direction);
    open('AmtDtls');
    open('TxAmt');
    amount('Amt', transaction.amount, currency);
    close('TxAmt');
    close('AmtDtls');
    open('RltdPties');
    open('Dbtr');
    if (version >= '08') open('Pty');
    leaf('Nm', transaction.debtorName ?? 'Max Mustermann');
    if (version >= '08') close('Pty');
    close('Dbtr');
    open('DbtrAcct');
    open('Id');
    leaf('IBAN', 'FR1420041010050500013M02606');
    close('Id');
    close('DbtrAcct');
    close('RltdPties');
    if (transaction.reference !== undefined || transaction.unstructured !== undefined) {
      open('RmtInf');
      if (transaction.unstructured !== undefined) leaf('Ustrd', transaction.unstructured);
      if (transaction.reference !== undefined) {
        open('Strd');
        open('CdtrRefInf');
        open('Tp');
        open('CdOrPrtry');
        leaf('Cd', 'SCOR');
        close('CdOrPrtry');
        close('Tp');
        leaf('Ref', transaction.reference);
        close('CdtrRefInf');
        close('Strd');
      }
      close('RmtInf');
    }
    close('TxDtls');
  }
}

/** One statement of ordinary credits (one transaction each), the shape most tests need. */
export function camt053Credits(
  credits: ReadonlyArray<{ amount: number; currency?: string; reference?: string; entryId?: string; bookingDate?: string }>,
  options: Camt053Options = {},
): string {
  return camt053({ currency: credits[0]?.currency ?? 'EUR', entries: credits.map((credit) => ({ ...credit })) }, options);
}

export interface CsvStatementRow {
  /** Minor units; negative for a debit. */
  amount: number;
  currency?: string;
  reference?: string | null;
  entryId?: string;
  bookingDate?: string;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV form: header row, then one row per line, amounts in major units (negative for debits), CRLF line ends. */
export function statementCsv(rows: readonly CsvStatementRow[]): string {
  const lines = rows.map((row) => {
    const currency = row.currency ?? 'EUR';
    const amount = (row.amount < 0 ? '-' : '') + majorUnits(Math.abs(row.amount), currency);
    return [row.bookingDate ?? '2026-11-25', amount, currency, row.reference ?? '', row.entryId ?? bankEntryId()].map(csvField).join(',');
  });
  return ['booking_date,amount,currency,reference,entry_id', ...lines].map((line) => `${line}\r\n`).join('');
}

/**
 * An MT940 statement as German and Dutch banks export it: one :61: per credit (value and entry date, `C`, the
 * amount with a decimal comma, NTRF, no customer reference, the bank's reference after `//`) and its :86: with
 * the payer's text holding the reference, CRLF line ends, balances around them.
 */
export function mt940Credits(credits: ReadonlyArray<{ amount: number; currency?: string; reference?: string; entryId?: string }>): string {
  const currency = credits[0]?.currency ?? 'EUR';
  const total = credits.reduce((sum, credit) => sum + credit.amount, 0);
  const comma = (minorUnits: number) => majorUnits(minorUnits, currency).replace('.', ',') + (minorUnitDigits(currency) === 0 ? ',' : '');
  const lines = [':20:STMT-2026-11-25', ':25:DE89370400440532013000', ':28C:00001/001', `:60F:C261124${currency}0,00`];
  for (const credit of credits) {
    lines.push(`:61:2611251125C${comma(credit.amount)}NTRFNONREF//${credit.entryId ?? bankEntryId()}`);
    lines.push(`:86:Payment from a customer ${credit.reference ?? ''}`.trimEnd());
  }
  lines.push(`:62F:C261125${currency}${comma(total)}`, '-');
  return lines.map((line) => `${line}\r\n`).join('');
}
