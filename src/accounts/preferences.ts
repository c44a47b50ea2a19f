import { validationError } from '../common/errors/domain-error';
import { applyKeyPatch } from '../common/validation/key-patch';
import { AccountPreferences } from './entities/account.entity';

const MAX_KEYS = 50;
const MAX_KEY_LENGTH = 100;
const MAX_BYTES = 8 * 1024;

/** Applies a patch key by key (null removes a key) and checks the limits on the result. */
export function mergePreferences(current: AccountPreferences, patch: AccountPreferences): AccountPreferences {
  return checkPreferences(applyKeyPatch(current, patch));
}

export function checkPreferences(preferences: AccountPreferences): AccountPreferences {
  const keys = Object.keys(preferences);
  if (keys.length > MAX_KEYS) throw validationError('preferences', `must have at most ${MAX_KEYS} keys`);
  const longKey = keys.find((key) => key.length === 0 || key.length > MAX_KEY_LENGTH);
  if (longKey !== undefined) throw validationError('preferences', `keys must be 1 to ${MAX_KEY_LENGTH} characters long`);
  if (Buffer.byteLength(JSON.stringify(preferences)) > MAX_BYTES) {
    throw validationError('preferences', `must be at most ${MAX_BYTES} bytes of JSON`);
  }
  return preferences;
}
