import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { SIMULATED_OUTCOMES, SimulatedOutcome } from '../payment-status';

/** The bodies /docs offers: each works as it is on a pending sandbox request (authorized: with manual capture). */
export const SIMULATE_PAYMENT_EXAMPLES = {
  succeeded: { summary: 'The customer pays', value: { outcome: 'succeeded' } },
  failed: { summary: 'The card is declined', value: { outcome: 'failed' } },
  authorized: { summary: 'The customer authorizes (manual capture)', value: { outcome: 'authorized' } },
};

export class SimulatePaymentRequestDto {
  @ApiProperty({
    enum: SIMULATED_OUTCOMES,
    example: 'succeeded',
    description: '`authorized` (manual capture, from pending), `succeeded` (from pending, or from authorized: the capture), `failed` (from pending).',
  })
  @IsIn(SIMULATED_OUTCOMES)
  outcome: SimulatedOutcome;
}
