import { validationError, FieldProblem } from '../errors/domain-error';
import { codePoints, JsonObjectCheck } from './fields';
import { applyKeyPatch } from './key-patch';

/** Contract section 6: string to string, at most 50 keys, keys up to 40 characters, values up to 500. */
export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX_LENGTH = 40;
export const METADATA_VALUE_MAX_LENGTH = 500;

export const METADATA_SCHEMA = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: METADATA_VALUE_MAX_LENGTH },
  maxProperties: METADATA_MAX_KEYS,
  description: `String to string, at most ${METADATA_MAX_KEYS} keys; keys up to ${METADATA_KEY_MAX_LENGTH} characters, values up to ${METADATA_VALUE_MAX_LENGTH}.`,
} as const;

export type Metadata = Record<string, string>;
/** A metadata change: a string sets the key, null removes it. */
export type MetadataPatch = Record<string, string | null>;

function checkEntries(value: Record<string, unknown>, field: string, allowNull: boolean): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const keys = Object.keys(value);
  if (keys.length > METADATA_MAX_KEYS) problems.push({ field, message: `must have at most ${METADATA_MAX_KEYS} keys` });
  for (const key of keys) {
    const entry = value[key];
    // Characters are code points, as the OpenAPI schema's maxLength counts them (an emoji is one, not two).
    if (key.length === 0 || codePoints(key) > METADATA_KEY_MAX_LENGTH) {
      problems.push({ field: `${field}.${key}`, message: `keys must be 1 to ${METADATA_KEY_MAX_LENGTH} characters long` });
    } else if (entry === null && allowNull) {
      continue;
    } else if (typeof entry !== 'string') {
      problems.push({ field: `${field}.${key}`, message: allowNull ? 'must be a string, or null to remove the key' : 'must be a string' });
    } else if (codePoints(entry) > METADATA_VALUE_MAX_LENGTH) {
      problems.push({ field: `${field}.${key}`, message: `must be at most ${METADATA_VALUE_MAX_LENGTH} characters long` });
    }
  }
  return problems;
}

/** Metadata as given on creation: strings only. */
export const checkMetadata: JsonObjectCheck = (value, field) => checkEntries(value, field, false);

/** Metadata as given on amendment: strings set a key, null removes it. */
export const checkMetadataPatch: JsonObjectCheck = (value, field) => checkEntries(value, field, true);

/** Applies a patch key by key; the result must still respect the key limit. */
export function mergeMetadata(current: Metadata, patch: MetadataPatch): Metadata {
  const merged = applyKeyPatch(current, patch);
  if (Object.keys(merged).length > METADATA_MAX_KEYS) {
    throw validationError('metadata', `would have more than ${METADATA_MAX_KEYS} keys after the merge`);
  }
  return merged;
}
