import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, ValidateIf } from 'class-validator';
import { IsJsonObject, IsOmittable, MaxChars, RefusesImmutableFields } from '../../common/validation/fields';
import { checkMetadataPatch, MetadataPatch, METADATA_SCHEMA } from '../../common/validation/metadata';
import { IsReferenceIds, NOTES_MAX_LENGTH, REFERENCE_IDS_SCHEMA } from './transaction-fields';
import { ApiRequestSchema } from '../../common/swagger/request-schemas';

/** What a transaction was created with and may never change; sending one is `422 immutable_field`. */
export const IMMUTABLE_TRANSACTION_FIELDS = ['amount', 'currency', 'type', 'direction', 'account_id', 'status', 'description', 'counterparty_account_id'] as const;

/** The body /docs offers: it works as it is on any of your account's transactions. */
export const UPDATE_TRANSACTION_EXAMPLES = {
  amend: {
    summary: 'Set a metadata key, remove another, add notes',
    value: { metadata: { channel: 'phone', campaign: null }, notes: 'Customer confirmed by phone.' },
  },
};

@RefusesImmutableFields(...IMMUTABLE_TRANSACTION_FIELDS)
/** The service refuses a body that changes nothing: at least one of metadata, reference_ids, notes. */
@ApiRequestSchema({ minProperties: 1 })
export class UpdateTransactionRequestDto {
  @ApiPropertyOptional({
    ...METADATA_SCHEMA,
    additionalProperties: { type: 'string', maxLength: 500, nullable: true },
    example: { channel: 'phone', campaign: null },
    description: 'Merged key by key into the stored metadata; a key set to null is removed. At most 50 keys after the merge.',
  })
  @IsOmittable()
  @IsJsonObject(checkMetadataPatch)
  metadata?: MetadataPatch;

  @ApiPropertyOptional({ ...REFERENCE_IDS_SCHEMA, example: ['INV-2026-00042', 'PO-7781'], description: 'Replaces the list.' })
  @IsOmittable()
  @IsReferenceIds()
  reference_ids?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX_LENGTH, example: 'Customer confirmed by phone.', description: 'Replaces the notes; null clears them.' })
  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @IsString()
  @MaxChars(NOTES_MAX_LENGTH)
  notes?: string | null;
}
