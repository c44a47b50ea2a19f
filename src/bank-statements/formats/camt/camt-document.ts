import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { StatementFormatError } from '../../statement-line';
import { children, lineAt, type XmlNode } from './camt-xml';

/**
 * A camt message as a document: checked well-formed and safe, identified (camt.053 or camt.054, which version),
 * and parsed down to its entries, each kept unparsed.
 *
 * Safety: a DOCTYPE is refused outright (no entity can be declared, so none expands); the parser processes no
 * entity, only the five predefined ones and character references are decoded, in the values read; nesting
 * deeper than 64 elements is refused naming its line.
 */

export type CamtMessage = 'camt.053' | 'camt.054';

export interface CamtDocument {
  readonly message: CamtMessage;
  /** `camt.053.001.08`. */
  readonly format: string;
  /** The Stmt (camt.053) or Ntfctn (camt.054) blocks, their Ntry children still unparsed text. */
  readonly statements: readonly XmlNode[];
}

/** The element holding the statements, and the statements' name, per message. */
const LAYOUT: Readonly<Record<CamtMessage, { readonly group: string; readonly statement: string }>> = {
  'camt.053': { group: 'BkToCstmrStmt', statement: 'Stmt' },
  'camt.054': { group: 'BkToCstmrDbtCdtNtfctn', statement: 'Ntfctn' },
};

/** The versions read, whose entries use the element names read here alike: .02 to .13 (.01 is not read). */
const FIRST_VERSION = 2;
const LAST_VERSION = 13;
const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[34])\.001\.(\d{2})$/;

/** Elements a camt message allows more than once where they are read: always arrays, also when single. */
const REPEATED = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd', 'Bal']);

const PARSER_OPTIONS = {
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
 * The document down to its entries, each kept as its unparsed text (a slice of the document, no copy): a tree
 * of the whole statement took about 200 MB for 10,000 entries, where one entry's tree at a time takes next to
 * nothing, and the statement's parse memory is then the document itself.
 */
const documentParser = new XMLParser({
  ...PARSER_OPTIONS,
  stopNodes: Object.values(LAYOUT).map(({ group, statement }) => `Document.${group}.${statement}.Ntry`),
});

export function readCamtDocument(xml: string): CamtDocument {
  if (xml.trim() === '') throw new StatementFormatError(null, 'the statement is empty');
  refuseDoctype(xml);
  const invalid = XMLValidator.validate(xml);
  if (invalid !== true) throw new StatementFormatError(invalid.err.line, `the XML is not well-formed: ${invalid.err.msg}`);
  refuseDeepNesting(xml);
  const { message, version } = messageOf(xml);
  const document = documentParser.parse(xml) as Record<string, XmlNode>;
  // The validator lets several top-level elements through; a message has exactly one, Document.
  if (Object.keys(document).join() !== 'Document' || Array.isArray(document.Document)) {
    throw new StatementFormatError(null, `not a ${message} message: the document must have exactly one root element, Document`);
  }
  const { group, statement } = LAYOUT[message];
  const statements = children(document.Document, group).flatMap((node) => children(node, statement));
  if (statements.length === 0) throw new StatementFormatError(null, `not a ${message} message: Document/${group}/${statement} is missing`);
  return { message, format: `${message}.001.${version}`, statements };
}

/** One entry's text, wrapped in its element again; the validator has already read it as well-formed. */
const entryParser = new XMLParser(PARSER_OPTIONS);

/** An entry as the document parser left it (its inner text, or an object with it as `#text` and its attributes), parsed. */
export function parseEntry(unparsed: XmlNode): XmlNode {
  const inner = typeof unparsed === 'string' ? unparsed : unparsed['#text'];
  const parsed = entryParser.parse(`<Ntry>${typeof inner === 'string' ? inner : ''}</Ntry>`) as Record<string, readonly XmlNode[]>;
  return parsed.Ntry[0] ?? '';
}

function refuseDoctype(xml: string): void {
  const doctype = /<!DOCTYPE/i.exec(xml);
  if (doctype !== null) throw new StatementFormatError(lineAt(xml, doctype.index), 'a DOCTYPE is not allowed in a statement');
}

/** Deeper than any camt message (about 15 levels): the parser's own limit (100) would fail as an internal error. */
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

/** Anything before the root element: the XML declaration, white space, comments, processing instructions. */
const PROLOG = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/;
const START_TAG = /^<([\w.-]+:)?([\w.-]+)((?:[^>"']|"[^"]*"|'[^']*')*)>/;

/**
 * The message and version the root element's namespace names: the root is a Document in the namespace
 * urn:iso:std:iso:20022:tech:xsd:camt.05N.001.NN, bound to its prefix (`<ns2:Document xmlns:ns2="...">`) or
 * the default one, quoted either way.
 */
function messageOf(xml: string): { message: CamtMessage; version: string } {
  const rootAt = PROLOG.exec(xml)?.[0].length ?? 0;
  const root = START_TAG.exec(xml.slice(rootAt, rootAt + 4096));
  const prefix = root?.[1]?.slice(0, -1);
  const declaration = new RegExp(`\\sxmlns${prefix === undefined ? '' : `:${prefix.replaceAll('.', '\\.')}`}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
  const namespace = root?.[2] === 'Document' ? declaration.exec(root[3]) : null;
  const [, message, version] = NAMESPACE.exec((namespace?.[1] ?? namespace?.[2] ?? '').trim()) ?? [];
  if (message === undefined || Number(version) < FIRST_VERSION || Number(version) > LAST_VERSION) {
    throw new StatementFormatError(
      lineAt(xml, rootAt),
      'not a camt.053 or camt.054 message: the root must be a Document in namespace ' +
        `urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN or camt.054.001.NN, NN from 02 to ${LAST_VERSION}`,
    );
  }
  return { message: message as CamtMessage, version };
}
