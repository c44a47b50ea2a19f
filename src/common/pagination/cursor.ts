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

export const INVALID_CURSOR_MESSAGE = 'is not a cursor returned by this list';

export function decodeCursor(cursor: string): CursorPosition {
  const position = parseCursor(cursor);
  if (position === null) throw validationError('cursor', INVALID_CURSOR_MESSAGE);
  return position;
}

/** The keyset position in a cursor, or null when it is not one of ours. */
export function parseCursor(cursor: unknown): CursorPosition | null {
  if (typeof cursor !== 'string' || !/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const id = (parsed as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[a-z]{2,3}_[0-9A-Z]{26}$/.test(id) ? { id } : null;
}
