import fc from 'fast-check';

/*
 * JSON Schema (the OpenAPI 3.0 subset docs/openapi.json uses) to fast-check arbitraries: values that the
 * schema calls valid, and, for each schema, concrete values that it calls invalid. No npm package does
 * this for fast-check and is kept up (json-schema-faker has its own random source, which fast-check's
 * seed would not drive), so the mapping is here; test/openapi-conformance.e2e.ts checks every value
 * with ajv before sending it, so a mistake here shows as a failed test, never as a wrong verdict.
 */

/** A schema of the document, as the generator reads it. */
export interface Schema {
  $ref?: string;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  format?: string;
  enum?: readonly unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  minProperties?: number;
  maxProperties?: number;
  allOf?: Schema[];
}

/** Finds the component a `$ref` names. */
export type SchemaResolver = (ref: string) => Schema;

/** The longest string generated where the schema sets no maximum: long enough to find a limit it leaves out. */
const UNBOUNDED_STRING_LENGTH = 300;
/** At most this many entries in a free-form object or an array without maxItems: requests stay small. */
const FREE_FORM_ENTRIES = 5;

/** The schema with `$ref` and a single-member `allOf` (a reference with its own description) resolved. */
export function resolved(schema: Schema, resolve: SchemaResolver): Schema {
  if (schema.$ref !== undefined) return resolved({ ...resolve(schema.$ref), ...withoutKeys(schema, ['$ref']) }, resolve);
  if (schema.allOf !== undefined) {
    return schema.allOf.reduce<Schema>((merged, member) => ({ ...merged, ...resolved(member, resolve) }), withoutKeys(schema, ['allOf']));
  }
  return schema;
}

function withoutKeys(schema: Schema, keys: (keyof Schema)[]): Schema {
  const copy: Schema = { ...schema };
  for (const key of keys) delete copy[key];
  return copy;
}

/** Values the schema calls valid, biased toward its limits. */
export function validValue(schema: Schema, resolve: SchemaResolver): fc.Arbitrary<unknown> {
  const target = resolved(schema, resolve);
  const value = baseValue(target, resolve);
  // null where allowed, now and then.
  return target.nullable === true ? fc.oneof({ arbitrary: value, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : value;
}

function baseValue(schema: Schema, resolve: SchemaResolver): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
    case 'number':
      return integerValue(schema.minimum ?? -(2 ** 31), schema.maximum ?? 2 ** 31);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, resolve), { minLength: schema.minItems ?? 0, maxLength: schema.maxItems ?? FREE_FORM_ENTRIES });
    case 'object':
      return objectValue(schema, resolve);
    default:
      // No type: any JSON value (a free-form object's entries).
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/** Integers of the whole range, the ends included (fc.integer stops at 32 bits; amounts go to 10^12). */
function integerValue(minimum: number, maximum: number): fc.Arbitrary<number> {
  return fc.oneof(fc.constantFrom(minimum, maximum), fc.bigInt(BigInt(minimum), BigInt(maximum)).map(Number));
}

/** Characters of every kind the API takes: ASCII, accented letters, CJK, emoji (two UTF-16 units each). */
const TEXT_UNIT = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 6 },
  { arbitrary: fc.constantFrom('é', 'ß', 'Ω', '中', '文', '😀', '🏦', ' '), weight: 1 },
);

function stringValue(schema: Schema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'date-time':
      return rfc3339DateTime();
    case 'email':
      return emailAddress(schema.maxLength ?? 254);
    case 'uri':
      return webhookUri();
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? UNBOUNDED_STRING_LENGTH;
  const text = fc.oneof(
    fc.string({ unit: TEXT_UNIT, minLength, maxLength: Math.min(maxLength, Math.max(minLength, 12)) }),
    fc.string({ unit: TEXT_UNIT, minLength, maxLength, size: 'max' }),
  );
  if (schema.pattern === undefined) return text;
  const pattern = new RegExp(schema.pattern, 'u');
  // `\S` (at least one character that is not white space) is met by most text; an anchored pattern (an id,
  // a name) by almost none, so its strings are drawn from the pattern itself, within the lengths.
  if (!schema.pattern.startsWith('^')) return text.filter((value) => pattern.test(value));
  return fc.stringMatching(pattern).filter((value) => value.length >= minLength && value.length <= maxLength);
}

/** RFC 3339 date-times in every form the grammar allows: years 0000-9999, long fractions, offsets, lowercase t and z. */
export function rfc3339DateTime(): fc.Arbitrary<string> {
  const two = (n: number) => String(n).padStart(2, '0');
  return fc
    .record({
      year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1970, max: 2100 })),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.integer({ min: 0, max: 59 }),
      fraction: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }),
      separator: fc.constantFrom('T', 't'),
      offset: fc.oneof(
        fc.constantFrom('Z', 'z'),
        fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([sign, h, m]) => `${sign}${two(h)}:${two(m)}`),
      ),
    })
    .map(
      ({ year, month, day, hour, minute, second, fraction, separator, offset }) =>
        `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}${separator}${two(hour)}:${two(minute)}:${two(second)}${fraction === undefined ? '' : `.${fraction}`}${offset}`,
    );
}

/**
 * Email addresses of the form most services take: a dotted local part of letters, digits and `._%+-`,
 * and a domain whose top-level domain is letters (as the schemas' descriptions say the server needs).
 */
function emailAddress(maxLength: number): fc.Arbitrary<string> {
  const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
  return fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9_%+-]{1,16}(?:\.[A-Za-z0-9_%+-]{1,8})?$/), fc.array(label, { minLength: 1, maxLength: 2 }), fc.stringMatching(/^[a-z]{2,6}$/))
    .map(([local, labels, tld]) => `${local}@${[...labels, tld].join('.')}`)
    .filter((address) => address.length <= maxLength);
}

/**
 * URIs on the loopback address: valid by `format: uri`, and ones a webhook endpoint may name in a test
 * (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE) without the service looking a host name up or delivering
 * anywhere outside this machine.
 */
function webhookUri(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('http', 'https', 'HTTPS'),
      fc.constantFrom('127.0.0.1', '127.0.0.1:9', '[::1]'),
      fc.array(fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/), { maxLength: 3 }),
    )
    .map(([scheme, host, segments]) => `${scheme}://${host}/${segments.join('/')}`);
}

function objectValue(schema: Schema, resolve: SchemaResolver): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) {
    // A free-form object: its entries follow additionalProperties.
    const values = typeof schema.additionalProperties === 'object' ? validValue(schema.additionalProperties, resolve) : baseValue({}, resolve);
    const maxKeys = Math.min(schema.maxProperties ?? FREE_FORM_ENTRIES, FREE_FORM_ENTRIES);
    return fc.dictionary(fc.string({ unit: TEXT_UNIT, minLength: 1, maxLength: 12 }), values, { minKeys: schema.minProperties ?? 0, maxKeys });
  }
  const model = Object.fromEntries(names.map((name) => [name, validValue(properties[name], resolve)]));
  const record = fc.record(model, { requiredKeys: schema.required ?? [] });
  const minProperties = schema.minProperties ?? 0;
  return minProperties > 0 ? record.filter((value) => Object.keys(value).length >= minProperties) : record;
}

/** A value the schema calls invalid, and why: what a request carrying it must not be accepted for. */
export interface Violation {
  value: unknown;
  reason: string;
}

/** Concrete values that break one rule of the schema each (an empty list when nothing can break it). */
export function violationsOf(schema: Schema, resolve: SchemaResolver): Violation[] {
  const target = resolved(schema, resolve);
  const violations: Violation[] = [];
  const add = (value: unknown, reason: string) => violations.push({ value, reason });
  if (target.nullable !== true && target.type !== undefined) add(null, 'null where it is not nullable');
  if (target.enum !== undefined) {
    add('not-a-member', 'not one of the enum');
    return violations;
  }
  switch (target.type) {
    case 'string':
      add(12345, 'a number for a string');
      if (target.minLength !== undefined && target.minLength > 0) add('', `shorter than minLength ${target.minLength}`);
      if (target.maxLength !== undefined) add('x'.repeat(target.maxLength + 1), `longer than maxLength ${target.maxLength}`);
      if (target.pattern !== undefined) add('   ', `not matching ${target.pattern}`);
      if (target.format === 'date-time') add('2026-11-21 10:15:30', 'not an RFC 3339 date-time');
      if (target.format === 'email') add('not-an-email', 'not an email address');
      if (target.format === 'uri') add('not a uri', 'not a URI');
      break;
    case 'integer':
    case 'number':
      add('12', 'a string for an integer');
      add(1.5, 'a fraction for an integer');
      if (target.minimum !== undefined) add(target.minimum - 1, `below minimum ${target.minimum}`);
      if (target.maximum !== undefined) add(target.maximum + 1, `above maximum ${target.maximum}`);
      break;
    case 'boolean':
      add('true', 'a string for a boolean');
      break;
    case 'array':
      add('not-an-array', 'a string for an array');
      if (target.minItems !== undefined && target.minItems > 0) add([], `fewer items than minItems ${target.minItems}`);
      if (target.items !== undefined) {
        const item = violationsOf(target.items, resolve)[0];
        if (item !== undefined) add([item.value], `an item: ${item.reason}`);
      }
      break;
    case 'object':
      add('not-an-object', 'a string for an object');
      if (target.additionalProperties === false) add({ nickname: 'Ada' }, 'a property it does not declare');
      if (target.minProperties !== undefined && target.minProperties > 0) add({}, `fewer properties than minProperties ${target.minProperties}`);
      if (target.maxProperties !== undefined) {
        add(Object.fromEntries(Array.from({ length: target.maxProperties + 1 }, (_, i) => [`key${i}`, 'x'])), `more properties than maxProperties ${target.maxProperties}`);
      }
      break;
  }
  return violations;
}
