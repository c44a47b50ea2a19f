import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { DESCRIPTION_MAX_LENGTH, IsOmittable, MaxChars } from '../../common/validation/fields';

export const REVERSE_TRANSACTION_EXAMPLES = {
  withReason: { summary: 'A reversal with its reason', value: { reason: 'Booked twice by mistake' } },
  bare: { summary: 'A reversal', value: {} },
};

export class ReverseTransactionRequestDto {
  @ApiPropertyOptional({
    maxLength: DESCRIPTION_MAX_LENGTH,
    example: 'Booked twice by mistake',
    description: "Why: the reversal's `description` (default: `Reversal of txn_...`).",
  })
  @IsOmittable()
  @IsString()
  @MaxChars(DESCRIPTION_MAX_LENGTH)
  reason?: string;
}
