/**
 * ISO 4217 codes of the currencies in circulation (list one, as amended up to
 * 2026): what a payment can be made in. Left out on purpose: fund codes (BOV,
 * CHE, CHW, CLF, COU, MXV, USN, UYI, UYW), precious metals (XAU, XAG, XPD, XPT),
 * bond-market units (XBA..XBD), XDR, XSU, XUA, the test code XTS, XXX ("no
 * currency"), and codes withdrawn since: HRK (2023), SLL (2024), ZWL (2024),
 * ANG (2025, now XCG) and BGN (2026, now EUR).
 */
export const CURRENCY_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BHD', 'BIF', 'BMD', 'BND',
  'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE',
  'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD',
  'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY',
  'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD',
  'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO',
  'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF',
  'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB',
  'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VED', 'VES', 'VND',
  'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;

const ACTIVE = new Set<string>(CURRENCY_CODES);

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && ACTIVE.has(value);
}

const minorUnitDigitsByCurrency = new Map<string, number>();

/**
 * How many minor units the currency has (JPY 0, EUR 2, BHD 3), as Intl.NumberFormat (CLDR) knows them:
 * the one reading of "minor units" for amounts, the checkout page and bank statements alike. CLDR differs
 * from ISO 4217's table for a few currencies that are in practice used without decimals (HUF, IDR, IQD, ...: 0).
 */
export function minorUnitDigits(currency: string): number {
  let digits = minorUnitDigitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorUnitDigitsByCurrency.set(currency, digits);
  }
  return digits;
}
