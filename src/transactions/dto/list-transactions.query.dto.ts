import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { CURRENCY_SCHEMA, IsCurrency } from '../../common/money/money.validators';
import { PaginationQueryDto } from '../../common/pagination/pagination-query.dto';
import { codePoints, IsInstant, IsJsonObject, IsOmittable, MaxChars } from '../../common/validation/fields';
import { FieldProblem } from '../../common/errors/domain-error';
import { METADATA_KEY_MAX_LENGTH, METADATA_VALUE_MAX_LENGTH } from '../../common/validation/metadata';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, TransactionStatus, TransactionType } from '../entities/transaction.entity';
import { CREATED_FROM_PROPERTY, CREATED_TO_PROPERTY } from '../../common/pagination/created-range';

export const MAX_METADATA_FILTERS = 10;

/** `metadata[key]=value` filters: at most 10, each key given once with one value. */
function checkMetadataFilter(value: Record<string, unknown>, field: string): FieldProblem[] {
  const keys = Object.keys(value);
  if (keys.length > MAX_METADATA_FILTERS) return [{ field, message: `at most ${MAX_METADATA_FILTERS} metadata filters may be combined` }];
  return keys.flatMap((key) => {
    const entry = value[key];
    if (key.length === 0 || codePoints(key) > METADATA_KEY_MAX_LENGTH) return [{ field: `${field}[${key}]`, message: `keys are 1 to ${METADATA_KEY_MAX_LENGTH} characters long` }];
    if (typeof entry !== 'string') return [{ field: `${field}[${key}]`, message: 'must be given once' }];
    if (codePoints(entry) > METADATA_VALUE_MAX_LENGTH) return [{ field: `${field}[${key}]`, message: `values are at most ${METADATA_VALUE_MAX_LENGTH} characters long` }];
    return [];
  });
}

export class ListTransactionsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: TRANSACTION_STATUSES, description: 'Only transactions in this status.' })
  @IsOmittable()
  @IsIn(TRANSACTION_STATUSES)
  status?: TransactionStatus;

  @ApiPropertyOptional({ enum: TRANSACTION_TYPES, description: 'Only transactions of this type.' })
  @IsOmittable()
  @IsIn(TRANSACTION_TYPES)
  type?: TransactionType;

  @ApiPropertyOptional(CURRENCY_SCHEMA)
  @IsOmittable()
  @IsCurrency()
  currency?: string;

  @ApiPropertyOptional(CREATED_FROM_PROPERTY)
  @IsOmittable()
  @IsInstant()
  created_from?: string;

  @ApiPropertyOptional(CREATED_TO_PROPERTY)
  @IsOmittable()
  @IsInstant()
  created_to?: string;

  @ApiPropertyOptional({ description: "Admins: only this account's transactions. Members always see their own account's." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;

  /** Documented as a deepObject parameter on the operation (`metadata[key]=value`). */
  @IsOmittable()
  @IsJsonObject(checkMetadataFilter)
  metadata?: Record<string, string>;
}
