import { Transform } from 'class-transformer';

/** Emails are stored and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Trims an email field of a request DTO before it is validated, so that
 * " Ada@Example.com " passes `@IsEmail()` and is then stored normalized.
 */
export const TrimEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
