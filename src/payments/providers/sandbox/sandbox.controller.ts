import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../auth/decorators/current-user.decorator';
import { AuthenticatedUser } from '../../../common/access/caller';
import { ApiBodyErrors } from '../../../common/swagger/api-errors.decorator';
import { PaymentResponseDto } from '../../dto/payment.response.dto';
import { SIMULATE_PAYMENT_EXAMPLES, SimulatePaymentRequestDto } from '../../dto/simulate-payment.request.dto';
import { PaymentsService } from '../../payments.service';
import { RequiresScope } from '../../../auth/decorators/scope.decorator';

/** The sandbox's route: mounted only while the sandbox is enabled (SANDBOX, PAYMENT_PROVIDERS). */
@ApiTags('payments')
@Controller('v1/payments')
export class SandboxController {
  constructor(private readonly payments: PaymentsService) {}

  @RequiresScope('payments:write')
  @Post(':payment_id/simulate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'simulatePayment',
    summary: 'Drive a test-mode payment request',
    description:
      'Test mode only, and only while the sandbox is enabled (SANDBOX; without it this route does not exist): a live request is ' +
      '`403 test_mode_only`. The account owner or an admin. `authorized` (manual capture) and `failed` follow `pending`; ' +
      '`succeeded` follows `pending`, or `authorized` for manual capture, and books the posted credit; `failed` is final. Any other move, or ' +
      'one past `expires_at`, is `409 payment_not_pending`. Of concurrent requests exactly one moves the request.',
  })
  @ApiParam({ name: 'payment_id', description: 'A payment request id (`pay_...`).' })
  @ApiBody({ type: SimulatePaymentRequestDto, examples: SIMULATE_PAYMENT_EXAMPLES })
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'account_closed', 'test_mode_only', 'payment_not_found', 'payment_not_pending')
  simulate(@CurrentUser() caller: AuthenticatedUser, @Param('payment_id') paymentId: string, @Body() body: SimulatePaymentRequestDto): Promise<PaymentResponseDto> {
    return this.payments.simulate(caller, paymentId, body.outcome);
  }
}
