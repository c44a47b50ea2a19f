import { validationError } from '../errors/domain-error';

/**
 * Cursors are opaque to clients: base64url of a small JSON object holding the
 * keyset position (the id of the last row of the previous page).
 */
export interface CursorPosition {
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ id: position.id }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  const invalid = () => validationError('cursor', 'is not a cursor returned by this list');
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const id = (parsed as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !/^[a-z]{3}_[0-9A-Z]{26}$/.test(id)) throw invalid();
  return { id };
}
