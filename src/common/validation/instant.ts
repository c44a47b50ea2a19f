/**
 * Instants as clients send them in filters and bodies: an RFC 3339 date-time, which is what the OpenAPI
 * document's `format: date-time` promises, or a date alone (midnight UTC), which the contract has taken
 * from the start.
 *
 * RFC 3339 allows what JavaScript's Date.parse does not read the same everywhere: any number of fractional
 * digits, a lowercase `t` and `z`, and years 0000-0099 (Date.UTC reads those as 1900-1999). So the text is
 * read by its grammar here, and the instant is kept to the millisecond, as the service stores it:
 * fractional digits beyond the third are dropped (truncated, not rounded, so an instant never moves
 * into the next millisecond).
 */

/** full-date, then optionally "T" partial-time and time-offset (RFC 3339 section 5.6); seconds may be left out, as before. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|[+-]\d{2}:\d{2}))?$/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** What the parameter descriptions say about the form of an instant (the schema says `format: date-time`). */
export const INSTANT_FORMAT_NOTE =
  'An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) ' +
  'or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped.';

/** Appends the note on the accepted forms to a parameter's or a field's own description. */
export function instantDescription(description: string): string {
  return `${description} ${INSTANT_FORMAT_NOTE}`;
}

/** The instant the text names, or null when it is not one (malformed, a day or a time that does not exist). */
export function readInstant(text: string): Date | null {
  const match = INSTANT.exec(text);
  if (match === null) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', offset = 'Z'] = match;
  const fields = { year: Number(year), month: Number(month), day: Number(day), hour: Number(hour), minute: Number(minute), second: Number(second) };
  if (fields.month < 1 || fields.month > 12 || fields.day < 1 || fields.day > daysIn(fields.year, fields.month)) return null;
  // A leap second (23:59:60 in RFC 3339) is read as the last millisecond of its minute: the service's clock has none.
  if (fields.hour > 23 || fields.minute > 59 || fields.second > 60) return null;
  const leapSecond = fields.second === 60;
  const milliseconds = leapSecond ? 999 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  const offsetMinutes = offsetOf(offset);
  if (offsetMinutes === null) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, takes years 0-99 as they are.
  date.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  date.setUTCHours(fields.hour, fields.minute, leapSecond ? 59 : fields.second, milliseconds);
  return new Date(date.getTime() - offsetMinutes * 60_000);
}

/** Minutes east of UTC; null for an hour or a minute that does not exist. */
function offsetOf(offset: string): number | null {
  if (offset === 'Z' || offset === 'z') return 0;
  const [, sign, hours, minutes] = OFFSET.exec(offset) ?? [];
  if (Number(hours) > 23 || Number(minutes) > 59) return null;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
