import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export const RETURN_PAYOUT_EXAMPLES = { closed: { summary: 'The account is closed (AC04)', value: { reason: 'AC04' } } };

export class ReturnPayoutRequestDto {
  @ApiProperty({
    example: 'AC04',
    pattern: '^[A-Z0-9]{1,4}$',
    description: 'An ISO 20022 return reason code (ExternalReturnReason1Code), e.g. `AC04` (account closed), `AC01`, `MS03`.',
  })
  @Matches(/^[A-Z0-9]{1,4}$/, { message: 'reason must be an ISO 20022 return reason code of 1 to 4 upper-case letters or digits, e.g. AC04' })
  reason: string;
}
