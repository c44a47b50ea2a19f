import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsAmount, MAX_AMOUNT, MIN_AMOUNT } from '../../common/money/money.validators';
import { IsOmittable } from '../../common/validation/fields';

export const CAPTURE_PAYMENT_EXAMPLES = {
  everything: { summary: 'Capture the whole authorization', value: {} },
  partial: { summary: 'Capture 30.00 of it and release the rest', value: { amount: 3000 } },
};

export class CapturePaymentRequestDto {
  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    minimum: MIN_AMOUNT,
    maximum: MAX_AMOUNT,
    example: 3000,
    description: 'Minor units, at most the authorized `amount` (default: all of it). The credit books this; the rest of the authorization is released.',
  })
  @IsOmittable()
  @IsAmount()
  amount?: number;
}
