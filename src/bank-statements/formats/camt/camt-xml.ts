/** The parsed XML of a camt message, and how its values and lines are read. */

/** A parsed element: text, or an object of child elements (arrays where the parser's isArray says), attributes and `#text`. */
export type XmlNode = string | { readonly [name: string]: XmlNode | readonly XmlNode[] | undefined };

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  const value = node[name];
  return Array.isArray(value) ? (value as readonly XmlNode[])[0] : (value as XmlNode | undefined);
}

/** The node at the end of a path of child names (`path(entry, 'BookgDt', 'Dt')`), undefined when any step is absent. */
export function path(node: XmlNode | undefined, ...names: readonly string[]): XmlNode | undefined {
  return names.reduce<XmlNode | undefined>((at, name) => child(at, name), node);
}

export function children(node: XmlNode | undefined, name: string): readonly XmlNode[] {
  if (node === undefined || typeof node === 'string') return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? (value as readonly XmlNode[]) : [value as XmlNode];
}

export function attribute(node: XmlNode | undefined, name: string): string | undefined {
  const value = node === undefined || typeof node === 'string' ? undefined : node[`@${name}`];
  return typeof value === 'string' ? decodeEntities(value) : undefined;
}

/** An element's text, entities decoded; undefined when the element is absent or has only children. */
export function text(node: XmlNode | undefined): string | undefined {
  if (typeof node === 'string') return decodeEntities(node);
  const value = node?.['#text'];
  return typeof value === 'string' ? decodeEntities(value) : undefined;
}

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The five predefined entities and character references, decoded by hand: the parser processes no entity, so
 * nothing a document declares can expand. A reference to no Unicode scalar value (past U+10FFFF, a surrogate) is
 * left as written; one to a control character is decoded, and refused where the value is read (camt-values.ts).
 */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, name: string) => {
    if (!name.startsWith('#')) return PREDEFINED_ENTITIES[name];
    const codePoint = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    const scalar = codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    return scalar ? String.fromCodePoint(codePoint) : whole;
  });
}

/** The 1-based line of a position in a document whose line ends are LF (camt-text.ts normalises them). */
export function lineAt(xml: string, index: number): number {
  let line = 1;
  for (let at = xml.indexOf('\n'); at !== -1 && at < index; at = xml.indexOf('\n', at + 1)) line++;
  return line;
}

export interface ElementLines {
  nextEntry(): number;
  nextTransaction(): number;
}

/**
 * The lines of the Ntry and TxDtls start tags, in document order (the order the parsed tree lists them in),
 * skipping comments and CDATA: errors and lines then name the line of the entry or of the transaction.
 */
export function elementLines(xml: string): ElementLines {
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
