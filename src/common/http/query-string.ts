import { parse } from 'node:querystring';

const GROUPED = /^([A-Za-z_]+)\[([^[\]]*)\]$/;

/**
 * Fastify's query-string parser, plus one level of bracket groups:
 * `metadata[order_id]=42&metadata[channel]=web` becomes
 * `{ metadata: { order_id: '42', channel: 'web' } }`. A key such as
 * `__proto__` stays a plain key. A name used both
 * plainly and as a group keeps its bracketed entries as they were written, for
 * validation to refuse as unknown fields.
 */
export function parseQueryString(raw: string): Record<string, unknown> {
  const flat = parse(raw);
  const query = Object.create(null) as Record<string, unknown>;
  const groups = Object.create(null) as Record<string, Record<string, unknown>>;
  for (const [name, value] of Object.entries(flat)) {
    const grouped = GROUPED.exec(name);
    if (!grouped || grouped[1] in flat) {
      query[name] = value;
      continue;
    }
    const [, group, key] = grouped;
    // A plain object (class-transformer cannot convert a prototype-less one) whose keys are
    // defined, never assigned, so that `__proto__` stays a plain key.
    groups[group] ??= {};
    Object.defineProperty(groups[group], key, { value, enumerable: true, writable: true, configurable: true });
  }
  return Object.assign(query, groups);
}
