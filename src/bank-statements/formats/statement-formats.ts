import { bankCsvFormat } from './bank-csv/bank-csv-format';
import { camtFormat } from './camt/camt.format';
import { csvFormat } from './csv/csv-format';
import { mt940Format } from './mt940/mt940-format';
import type { StatementFormat, StatementUpload } from './statement-format';

/** Every statement format the import route reads: one line each. */
export const STATEMENT_FORMATS: readonly StatementFormat[] = [camtFormat, mt940Format, csvFormat, bankCsvFormat];

/** The media types some format reads: the import route's body parser takes these, and only these. */
export const STATEMENT_MEDIA_TYPES: readonly string[] = [...new Set(STATEMENT_FORMATS.flatMap((format) => format.mediaTypes))];

/** The format that reads an upload: by its media type, and by whether it names a profile. */
export function formatFor(upload: StatementUpload): StatementFormat | null {
  const usesProfile = upload.profile !== null;
  return STATEMENT_FORMATS.find((format) => format.usesProfile === usesProfile && format.mediaTypes.includes(upload.mediaType)) ?? null;
}
