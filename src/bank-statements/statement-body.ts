import { StatementFormatName } from './entities/bank-statement.entity';

/** A statement as the pipeline's parser reads it on the import route: its text and its format, from the Content-Type. */
export class StatementBody {
  constructor(
    readonly format: StatementFormatName,
    readonly text: string,
  ) {}

  /** The format a Content-Type names: application/xml or text/xml (camt.053), text/csv; null for anything else. */
  static formatOf(contentType: string | undefined): StatementFormatName | null {
    const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (mime === 'application/xml' || mime === 'text/xml') return 'camt053';
    return mime === 'text/csv' ? 'csv' : null;
  }
}
