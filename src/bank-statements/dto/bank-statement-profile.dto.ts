import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsIn, IsInt, IsObject, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { CURRENCY_SCHEMA, IsCurrency } from '../../common/money/money.validators';
import { CharLength, IsOmittable } from '../../common/validation/fields';
import { MAX_SKIP_ROWS, PROFILE_DELIMITERS, PROFILE_ENCODINGS } from '../formats/bank-csv/bank-csv-profile';
import type { BankCsvProfile } from '../formats/statement-format';

const PROFILE_DECIMAL_SEPARATORS = ['.', ','] as const;
const MAX_REFERENCE_COLUMNS = 8;
/** A header as a bank writes it: up to 100 characters. */
const COLUMN = () => CharLength(1, 100);

export class BankStatementProfileColumnsDto {
  @ApiProperty({ example: 'Buchungsdatum', description: "The booking date's column, by its header." })
  @IsString()
  @COLUMN()
  booking_date: string;

  @ApiPropertyOptional({ example: 'Betrag', description: 'One signed amount column (negative for debits); or `credit` and `debit`.' })
  @IsOmittable()
  @IsString()
  @COLUMN()
  amount?: string;

  @ApiPropertyOptional({ example: 'Gutschrift', description: 'The credit column, with `debit`; instead of `amount`.' })
  @IsOmittable()
  @IsString()
  @COLUMN()
  credit?: string;

  @ApiPropertyOptional({ example: 'Lastschrift', description: 'The debit column, with `credit`.' })
  @IsOmittable()
  @IsString()
  @COLUMN()
  debit?: string;

  @ApiPropertyOptional({ example: 'Währung', description: 'The currency column; or `default_currency`.' })
  @IsOmittable()
  @IsString()
  @COLUMN()
  currency?: string;

  @ApiPropertyOptional({ ...CURRENCY_SCHEMA, description: 'The currency of every row, when the export has no currency column.' })
  @IsOmittable()
  @IsCurrency()
  default_currency?: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: 100 },
    minItems: 1,
    maxItems: MAX_REFERENCE_COLUMNS,
    example: ['Zahlungszweck', 'Referenz'],
    description: 'Columns searched for the RF reference, in this order; all of them are shown as the line’s references.',
  })
  @IsString({ each: true })
  @CharLength(1, 100, { each: true })
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REFERENCE_COLUMNS)
  reference: string[];

  @ApiPropertyOptional({ example: 'Transaktions-ID', description: "The bank's id of the row, when the export has one." })
  @IsOmittable()
  @IsString()
  @COLUMN()
  entry_id?: string;
}

/** POST /v1/bank_statement_profiles, and what GET answers. */
export class BankStatementProfileDto {
  @ApiProperty({ example: 'ubs-export', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$', description: 'Lower case letters, digits, `-` and `_`; imports name it in `?profile=`.' })
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,63}$/, { message: 'must be 1 to 64 lower-case letters, digits, - and _, starting with a letter or digit' })
  name: string;

  @ApiProperty({ enum: PROFILE_DELIMITERS, example: ';' })
  @IsIn(PROFILE_DELIMITERS)
  delimiter: string;

  @ApiProperty({ enum: PROFILE_DECIMAL_SEPARATORS, example: ',' })
  @IsIn(PROFILE_DECIMAL_SEPARATORS)
  decimal_separator: (typeof PROFILE_DECIMAL_SEPARATORS)[number];

  @ApiProperty({ example: 'DD.MM.YYYY', maxLength: 20, description: 'The tokens YYYY (or YY), MM and DD, each once, with separators that are neither letters nor digits.' })
  @IsString()
  @CharLength(6, 20)
  date_format: string;

  @ApiProperty({ enum: PROFILE_ENCODINGS, example: 'iso-8859-1' })
  @IsIn(PROFILE_ENCODINGS)
  encoding: BankCsvProfile['encoding'];

  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_SKIP_ROWS, example: 0, description: 'Lines before the header row.' })
  @IsInt()
  @Min(0)
  @Max(MAX_SKIP_ROWS)
  skip_rows: number;

  @ApiProperty({ type: BankStatementProfileColumnsDto })
  @IsObject()
  @ValidateNested()
  @Type(() => BankStatementProfileColumnsDto)
  columns: BankStatementProfileColumnsDto;
}

/** The body /docs offers: Zürcher Kantonalbank's CSV export (ISO-8859-1, `;`, debit and credit columns, `1'354.95`). */
export const CREATE_PROFILE_EXAMPLES = {
  zkb: {
    summary: "Zürcher Kantonalbank's account export",
    value: {
      name: 'zkb-export',
      delimiter: ';',
      decimal_separator: '.',
      date_format: 'DD.MM.YYYY',
      encoding: 'iso-8859-1',
      skip_rows: 0,
      columns: {
        booking_date: 'Datum',
        credit: 'Gutschrift CHF',
        debit: 'Belastung CHF',
        default_currency: 'CHF',
        reference: ['Buchungstext', 'Referenznummer'],
        entry_id: 'ZKB-Referenz',
      },
    },
  },
};

export class BankStatementProfileListDto {
  @ApiProperty({ type: [BankStatementProfileDto], description: 'By name.' })
  data: BankStatementProfileDto[];
}

/** A profile as it is POSTed (snake_case) as the parser's profile: the one mapping, for the service and the tests. */
export function bankCsvProfileOf(body: BankStatementProfileDto): BankCsvProfile {
  const { columns } = body;
  return {
    name: body.name,
    delimiter: body.delimiter,
    decimalSeparator: body.decimal_separator,
    dateFormat: body.date_format,
    encoding: body.encoding,
    skipRows: body.skip_rows,
    columns: {
      bookingDate: columns.booking_date,
      amount: columns.amount,
      credit: columns.credit,
      debit: columns.debit,
      currency: columns.currency,
      defaultCurrency: columns.default_currency,
      reference: columns.reference,
      entryId: columns.entry_id,
    },
  };
}
