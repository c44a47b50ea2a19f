import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { PaymentProviderListDto } from './dto/payment-provider.response.dto';
import { PaymentsService } from './payments.service';
import { RequiresScope } from '../auth/decorators/scope.decorator';

@ApiTags('payments')
@Controller('v1/payment_providers')
export class PaymentProvidersController {
  constructor(private readonly payments: PaymentsService) {}

  @RequiresScope('payments:read')
  @Get()
  @ApiOperation({
    operationId: 'listPaymentProviders',
    summary: 'List the enabled payment providers',
    description:
      'The providers this deployment enables (PAYMENT_PROVIDERS, SANDBOX), in order of preference, with the account modes each serves ' +
      "and what each supports. A payment request names one in `provider`, or goes to the first that serves its account's mode.",
  })
  @ApiOkResponse({ type: PaymentProviderListDto })
  @ApiErrors('unauthorized')
  list(): PaymentProviderListDto {
    return { data: this.payments.listProviders() };
  }
}
