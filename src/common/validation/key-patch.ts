/**
 * Applies a patch key by key: a value sets the key, null removes it (preferences,
 * metadata). defineProperty keeps a key named __proto__ plain data, never a
 * prototype change.
 */
export function applyKeyPatch<Value>(current: Record<string, Value>, patch: Record<string, Value | null>): Record<string, Value> {
  const merged: Record<string, Value> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}
