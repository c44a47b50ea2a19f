import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { SIMULATED_OUTCOMES, SimulatedOutcome } from '../payment-status';

export class SimulatePaymentRequestDto {
  @ApiProperty({
    enum: SIMULATED_OUTCOMES,
    example: 'succeeded',
    description:
      '`authorized` (manual capture, from pending), `succeeded` (from pending, or from authorized: the capture), `failed` (from pending).',
  })
  @IsIn(SIMULATED_OUTCOMES)
  outcome: SimulatedOutcome;
}
