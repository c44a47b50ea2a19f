/** Euro cents as the decimal amount an ISO 20022 file writes: 25000 -> "250.00" (integers only, no float rounding). */
export function formatMinorUnits(cents: number): string {
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
