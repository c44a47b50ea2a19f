import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { findCreditorReference } from '../payments/providers/bank-transfer/creditor-reference';
import { minorUnitsOf, statementCurrency, statementDate } from './statement-amount';
import { StatementFormatError, type StatementLine, type StatementPosition } from './statement-line';

/**
 * ISO 20022 bank-to-customer statements, camt.053.001.02 to camt.053.001.08: the credits booked on the account.
 *
 * Read: Document/BkToCstmrStmt/Stmt[]/Ntry[]. An entry counts when it is a credit (CdtDbtInd CRDT) and booked
 * (Sts BOOK, or Sts/Cd BOOK from .08 on). Debits are skipped unread; so are entries not booked yet (PDNG, INFO,
 * FUTR): a pending credit may still be reversed, and it comes back as BOOK on a later statement, where it counts;
 * and so are credits with RvslInd true, which undo one of the account's own debits. An entry without TxDtls takes
 * the RF reference found in AddtlNtryInf, if any.
 * Its id is AcctSvcrRef, else NtryRef. An entry with several TxDtls (a batch) gives one line per TxDtls, each
 * with its own amount (AmtDtls/TxAmt/Amt, or Amt from .08 on) and id (Refs/AcctSvcrRef, else `<entry id>/<n>`);
 * those amounts must add up to the entry's. The reference is RmtInf/Strd/CdtrRefInf/Ref as given, else the RF
 * reference inside RmtInf/Ustrd, else that text.
 *
 * Safety: a DOCTYPE is refused outright (no entity can be declared, so none expands); entities are not
 * processed by the parser, only the five predefined ones and character references are decoded, in the few
 * values read.
 */

const SUPPORTED_VERSIONS = ['02', '03', '04', '05', '06', '07', '08'];
const NAMESPACE = /\sxmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})["']/;
const ROOT_TAG = /<(?:[\w.-]+:)?Document[\s>/][^>]*>?/;
/** Elements camt.053 allows more than once where this parser reads them: always arrays, also when single. */
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd']);

const OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Callbacks get a matcher instead of a path string built for every element: about twice as fast.
  jPath: false,
  isArray: (name: string) => REPEATED.has(name),
};
/**
 * The document down to its entries, each kept as its unparsed text (a slice of the document, no copy): a
 * tree of the whole statement took about 200 MB for 10,000 entries, where one entry's tree at a time takes
 * next to nothing, and the statement's parse memory is then the document itself.
 */
const documentParser = new XMLParser({ ...OPTIONS, stopNodes: ['Document.BkToCstmrStmt.Stmt.Ntry'] });
/** One entry's text, wrapped in its element again; the validator has already read it as well-formed. */
const entryParser = new XMLParser(OPTIONS);

/** A parsed element: text, or an object of child elements (arrays where REPEATED), attributes and `#text`. */
type XmlNode = string | { readonly [name: string]: XmlNode | readonly XmlNode[] | undefined };

export function parseCamt053(xml: string): StatementLine[] {
  if (xml.trim() === '') throw new StatementFormatError(null, 'the statement is empty');
  refuseDoctype(xml);
  const invalid = XMLValidator.validate(xml);
  if (invalid !== true) {
    throw new StatementFormatError(invalid.err.line, `the XML is not well-formed: ${invalid.err.msg}`);
  }
  refuseDeepNesting(xml);
  checkNamespace(xml);
  const document = documentParser.parse(xml) as Record<string, XmlNode>;
  // The validator lets several top-level elements through; a statement has exactly one, Document.
  if (Object.keys(document).join() !== 'Document' || Array.isArray(document.Document)) {
    throw new StatementFormatError(null, 'not a camt.053 statement: the document must have exactly one root element, Document');
  }
  const statements = children(child(document.Document, 'BkToCstmrStmt'), 'Stmt');
  if (statements.length === 0) throw new StatementFormatError(null, 'not a camt.053 statement: Document/BkToCstmrStmt/Stmt is missing');
  const positions = elementLines(xml);
  const lines: StatementLine[] = [];
  for (const unparsed of statements.flatMap((statement) => children(statement, 'Ntry'))) {
    const entry = parseEntry(unparsed);
    const transactions = children(entry, 'NtryDtls').flatMap((details) => children(details, 'TxDtls'));
    const entryLine = positions.nextEntry();
    const transactionLines = transactions.map(() => positions.nextTransaction());
    lines.push(...entryLines(entry, entryLine, transactions, transactionLines));
  }
  return lines;
}

/** An entry as the document parser left it (its inner text, or an object with it as `#text` and its attributes), parsed. */
function parseEntry(unparsed: XmlNode): XmlNode {
  const inner = typeof unparsed === 'string' ? unparsed : unparsed['#text'];
  const parsed = entryParser.parse(`<Ntry>${typeof inner === 'string' ? inner : ''}</Ntry>`) as Record<string, readonly XmlNode[]>;
  return parsed.Ntry[0] ?? '';
}

function refuseDoctype(xml: string): void {
  const doctype = /<!DOCTYPE/i.exec(xml);
  if (doctype !== null) throw new StatementFormatError(lineAt(xml, doctype.index), 'a DOCTYPE is not allowed in a statement');
}

/** Deeper than any camt.053 (about 12 levels): the parser's own limit (100) would fail as an internal error. */
const MAX_NESTING = 64;
/** Comments, CDATA sections and processing instructions (skipped), or a tag: its `/` for a closing one, its `/` for an empty one. */
const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g;

/** Refuses elements nested deeper than MAX_NESTING, naming the line: one pass over the well-formed document. */
function refuseDeepNesting(xml: string): void {
  let depth = 0;
  for (const tag of xml.matchAll(MARKUP)) {
    if (tag[0].startsWith('<!') || tag[0].startsWith('<?')) continue;
    if (tag[1] === '/') depth -= 1;
    else if (tag[2] !== '/' && ++depth > MAX_NESTING) {
      throw new StatementFormatError(lineAt(xml, tag.index), `elements are nested deeper than ${MAX_NESTING} levels`);
    }
  }
}

function checkNamespace(xml: string): void {
  const root = ROOT_TAG.exec(xml);
  const version = root === null ? null : (NAMESPACE.exec(root[0])?.[1] ?? null);
  if (version === null || !SUPPORTED_VERSIONS.includes(version)) {
    throw new StatementFormatError(
      root === null ? null : lineAt(xml, root.index),
      `not a camt.053 statement: the root must be a Document in namespace urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN, NN from ${SUPPORTED_VERSIONS[0]} to ${SUPPORTED_VERSIONS.at(-1)}`,
    );
  }
}

/** The lines of one entry: none for a debit or an entry not booked, one, or one per transaction of a batch. */
function entryLines(entry: XmlNode, line: number, transactions: readonly XmlNode[], transactionLines: readonly number[]): StatementLine[] {
  const entryId = text(child(entry, 'AcctSvcrRef')) || text(child(entry, 'NtryRef')) || null;
  const at: StatementPosition = { line, entryId };
  const direction = text(child(entry, 'CdtDbtInd'));
  if (direction === 'DBIT') return [];
  if (direction !== 'CRDT') throw new StatementFormatError(line, `entry CdtDbtInd is "${direction ?? ''}", expected CRDT or DBIT`, entryId);
  const status = text(child(entry, 'Sts')) ?? text(child(child(entry, 'Sts'), 'Cd')) ?? text(child(child(entry, 'Sts'), 'Prtry'));
  if (status === undefined) throw new StatementFormatError(line, 'entry status (Sts) is missing', entryId);
  if (status !== 'BOOK') return [];
  // A credit that reverses one of the account's own debits (a returned outgoing payment) is no customer's payment.
  if (text(child(entry, 'RvslInd')) === 'true') return [];

  if (entryId === null) throw new StatementFormatError(line, 'entry has no id (AcctSvcrRef or NtryRef)');
  const bookingDate = bookingDateOf(entry, at);
  const { amount, currency } = amountOf(child(entry, 'Amt'), at);

  if (transactions.length <= 1) {
    const transaction = transactions[0];
    const reference = transaction === undefined ? rfReferenceIn(text(child(entry, 'AddtlNtryInf'))) : referenceOf(transaction);
    return [{ line, entryId, bookingDate, amount, currency, reference }];
  }

  const lines = transactions.map((transaction, index): StatementLine => {
    const position = { line: transactionLines[index], entryId: text(child(child(transaction, 'Refs'), 'AcctSvcrRef')) || `${entryId}/${index + 1}` };
    const batch = `transaction ${index + 1} of the batch entry on line ${line}`;
    const amountNode = child(child(child(transaction, 'AmtDtls'), 'TxAmt'), 'Amt') ?? child(transaction, 'Amt');
    if (amountNode === undefined) throw new StatementFormatError(position.line, `${batch} has no amount`, position.entryId);
    const own = amountOf(amountNode, position);
    if (own.currency !== currency) {
      throw new StatementFormatError(position.line, `${batch} is in ${own.currency}, the entry in ${currency}`, position.entryId);
    }
    return { ...position, bookingDate, amount: own.amount, currency, reference: referenceOf(transaction) };
  });
  const total = lines.reduce((sum, { amount: part }) => sum + part, 0);
  if (total !== amount) {
    throw new StatementFormatError(line, `the transactions of the batch add up to ${total} minor units, the entry to ${amount}`, entryId);
  }
  return lines;
}

function bookingDateOf(entry: XmlNode, at: StatementPosition): string {
  const booking = child(entry, 'BookgDt');
  const date = text(child(booking, 'Dt')) ?? text(child(booking, 'DtTm'))?.slice(0, 10);
  return statementDate(date, at);
}

function amountOf(node: XmlNode | undefined, at: StatementPosition): { amount: number; currency: string } {
  const value = text(node);
  if (value === undefined) throw new StatementFormatError(at.line, 'amount (Amt) is missing', at.entryId);
  const currency = statementCurrency(typeof node === 'object' ? attribute(node, 'Ccy') : undefined, at);
  return { amount: minorUnitsOf(value, currency, at), currency };
}

/** The structured creditor reference as given, else the RF reference in the unstructured text, else that text. */
function referenceOf(transaction: XmlNode): string | null {
  const remittance = child(transaction, 'RmtInf');
  for (const structured of children(remittance, 'Strd')) {
    const reference = text(child(child(structured, 'CdtrRefInf'), 'Ref'));
    if (reference) return reference;
  }
  const unstructured = children(remittance, 'Ustrd')
    .map((part) => text(part) ?? '')
    .join(' ')
    .trim();
  if (unstructured === '') return null;
  return findCreditorReference(unstructured) ?? unstructured;
}

function rfReferenceIn(value: string | undefined): string | null {
  return value === undefined ? null : findCreditorReference(value);
}

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  const value = node[name];
  return Array.isArray(value) ? (value as readonly XmlNode[])[0] : (value as XmlNode | undefined);
}

function children(node: XmlNode | undefined, name: string): readonly XmlNode[] {
  if (node === undefined || typeof node === 'string') return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? (value as readonly XmlNode[]) : [value as XmlNode];
}

function attribute(node: XmlNode, name: string): string | undefined {
  const value = typeof node === 'string' ? undefined : node[`@${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** An element's text, entities decoded; undefined when the element is absent or has only children. */
function text(node: XmlNode | undefined): string | undefined {
  if (typeof node === 'string') return decodeEntities(node);
  const value = node?.['#text'];
  return typeof value === 'string' ? decodeEntities(value) : undefined;
}

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, name: string) => {
    if (!name.startsWith('#')) return PREDEFINED_ENTITIES[name];
    const codePoint = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
  });
}

function lineAt(xml: string, index: number): number {
  let line = 1;
  for (let at = xml.indexOf('\n'); at !== -1 && at < index; at = xml.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * The lines of the Ntry and TxDtls start tags, in document order (the order the parsed tree lists them in),
 * skipping comments and CDATA; errors then name the line of the entry or the batch transaction.
 */
function elementLines(xml: string): { nextEntry(): number; nextTransaction(): number } {
  const entries: number[] = [];
  const transactions: number[] = [];
  const tags = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<(?:[\w.-]+:)?(Ntry|TxDtls)[\s>/]/g;
  let line = 1;
  let counted = 0;
  for (const match of xml.matchAll(tags)) {
    for (let at = xml.indexOf('\n', counted); at !== -1 && at < match.index; at = xml.indexOf('\n', at + 1)) line++;
    counted = match.index;
    if (match[1] === 'Ntry') entries.push(line);
    else if (match[1] === 'TxDtls') transactions.push(line);
  }
  let entry = 0;
  let transaction = 0;
  // Past the end (a tag the scan could not see) the last known line is the best answer there is.
  return {
    nextEntry: () => entries[entry++] ?? entries.at(-1) ?? 1,
    nextTransaction: () => transactions[transaction++] ?? transactions.at(-1) ?? 1,
  };
}
