const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/**
 * Parses the contract's duration syntax: whole seconds ("900") or a whole
 * number followed by one unit ("15m", "30d"). Returns seconds, or null when
 * the text is not a duration.
 */
export function parseDurationSeconds(text: string): number | null {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * (match[2] ? UNIT_SECONDS[match[2]] : 1);
  return Number.isSafeInteger(seconds) ? seconds : null;
}
