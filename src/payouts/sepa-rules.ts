import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';

/** The most one SEPA credit transfer carries, in cents: 999,999,999.99 EUR (the pain.001 schema's InstdAmt). */
export const SEPA_MAX_AMOUNT = 99_999_999_999;

/** A SEPA name: at most 70 characters (Nm, Max70Text) of the EPC's Latin character set. */
export const SEPA_NAME_MAX_LENGTH = 70;
/** The unstructured remittance information a SEPA credit transfer carries (Ustrd, Max140Text). */
export const SEPA_REFERENCE_MAX_LENGTH = 140;
/**
 * The characters every SEPA bank must accept (EPC217-08, the SEPA Requirements for an Extended Character Set:
 * its basic Latin set): a-z A-Z 0-9 / - ? : ( ) . , ' + and space.
 */
export const SEPA_CHARACTERS = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
/** The OpenAPI form of isSepaText's rule: characters of the set, at least one of them not a space. */
export const SEPA_CHARACTERS_PATTERN = "^[A-Za-z0-9/\\-?:().,'+ ]*[A-Za-z0-9/\\-?:().,'+][A-Za-z0-9/\\-?:().,'+ ]*$";

/** Whether a name or reference stays within the SEPA character set, is not blank and not longer than `max`. */
export function isSepaText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max && SEPA_CHARACTERS.test(value);
}

/**
 * The IBAN in electronic form (spaces removed, upper case) when its length and check digits are those of its
 * country (ibantools' registry) and its country is in the SEPA scheme; null otherwise.
 */
export function sepaIban(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 42) return null;
  const iban = electronicFormatIBAN(value.toUpperCase());
  if (iban === null || !isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) return null;
  return iban;
}

/** A BIC of 8 or 11 characters whose country code exists, upper case; null when it is not one. */
export function normalBic(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const bic = value.toUpperCase();
  return isValidBIC(bic) ? bic : null;
}

/** What a response shows of an IBAN: its last four characters. */
export function lastFour(iban: string): string {
  return iban.slice(-4);
}
