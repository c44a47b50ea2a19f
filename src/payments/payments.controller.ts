import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { RequiresVerifiedEmail } from '../auth/decorators/verified-email.decorator';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser } from '../common/access/caller';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { TransactionOptions } from '../database/database';
import { Idempotent, IdempotentCommit } from '../idempotency/idempotent.decorator';
import { CAPTURE_PAYMENT_EXAMPLES, CapturePaymentRequestDto } from './dto/capture-payment.request.dto';
import { CREATE_PAYMENT_EXAMPLES, CreatePaymentRequestDto } from './dto/create-payment.request.dto';
import { ListPaymentsQueryDto } from './dto/list-payments.query.dto';
import { PaymentPageDto, PaymentResponseDto, PaymentStatusResponseDto } from './dto/payment.response.dto';
import { PaymentsService } from './payments.service';
import { RequiresScope } from '../auth/decorators/scope.decorator';

const PAYMENT_ID = { name: 'payment_id', description: 'A payment request id (`pay_...`).' };

@ApiTags('payments')
@Controller('v1/payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @RequiresScope('payments:write')
  @RequiresVerifiedEmail()
  @Post()
  @Idempotent()
  @ApiOperation({
    operationId: 'createPayment',
    summary: 'Create a payment request',
    description:
      'A request for money to send to a customer (product, subscription or invoice), paid at `payment_url`. It expires ' +
      'unpaid after 7 days unless `expires_at` says otherwise. With `capture_method: manual` the customer only ' +
      'authorizes and the funds are held until captured. On success the account receives one posted `credit` transaction.',
  })
  @ApiCreatedResponse({ type: PaymentResponseDto })
  @ApiBody({ type: CreatePaymentRequestDto, examples: CREATE_PAYMENT_EXAMPLES })
  @ApiBodyErrors('unauthorized', 'email_not_verified', 'account_closed', 'account_not_found', 'provider_mode_mismatch', 'idempotency_request_in_progress', 'idempotency_key_reused')
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreatePaymentRequestDto, @IdempotentCommit() commit: TransactionOptions): Promise<PaymentResponseDto> {
    return this.payments.create(caller, body, commit);
  }

  @RequiresScope('payments:read')
  @Get()
  @ApiOperation({
    operationId: 'listPayments',
    summary: 'List payment requests',
    description:
      "Newest first. Members see their account's requests; admins see all, or one account's with `account_id`. Filters combine " +
      'with AND; `status` filters as requests read now (an unpaid request past `expires_at` is `expired`).',
  })
  @ApiOkResponse({ type: PaymentPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListPaymentsQueryDto): Promise<PaymentPageDto> {
    return this.payments.list(caller, query);
  }

  @RequiresScope('payments:read')
  @Get(':payment_id')
  @ApiOperation({ operationId: 'getPayment', summary: 'Retrieve a payment request', description: "One of your account's payment requests (any, for admins)." })
  @ApiParam(PAYMENT_ID)
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiErrors('unauthorized', 'payment_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('payment_id') paymentId: string): Promise<PaymentResponseDto> {
    return this.payments.get(caller, paymentId);
  }

  @RequiresScope('payments:read')
  @Get(':payment_id/status')
  @ApiOperation({
    operationId: 'getPaymentStatus',
    summary: 'Status of a payment request',
    description: 'pending, authorized, succeeded, failed, canceled or expired; once succeeded, `transaction_id` is the credit it booked.',
  })
  @ApiParam(PAYMENT_ID)
  @ApiOkResponse({ type: PaymentStatusResponseDto })
  @ApiErrors('unauthorized', 'payment_not_found')
  getStatus(@CurrentUser() caller: AuthenticatedUser, @Param('payment_id') paymentId: string): Promise<PaymentStatusResponseDto> {
    return this.payments.getStatus(caller, paymentId);
  }

  @RequiresScope('payments:write')
  @Post(':payment_id/capture')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'capturePayment',
    summary: 'Capture an authorized payment request',
    description:
      'The account owner or an admin. Charges the funds an authorization holds, all of them or `amount` of them (the rest is released; ' +
      'more than authorized is `400 validation_error`): `authorized` becomes `succeeded`, `amount_captured` says what was charged, and the ' +
      'account receives its posted `credit` transaction of that amount. Anything else, or an authorization past `expires_at`, is `409 payment_not_pending`. ' +
      'Of concurrent captures exactly one succeeds.',
  })
  @ApiParam(PAYMENT_ID)
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiBody({ type: CapturePaymentRequestDto, required: false, examples: CAPTURE_PAYMENT_EXAMPLES })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'account_closed', 'payment_not_found', 'payment_not_pending')
  capture(@CurrentUser() caller: AuthenticatedUser, @Param('payment_id') paymentId: string, @Body() body: CapturePaymentRequestDto = {}): Promise<PaymentResponseDto> {
    return this.payments.capture(caller, paymentId, body?.amount);
  }

  @RequiresScope('payments:write')
  @Post(':payment_id/cancel')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'cancelPayment',
    summary: 'Cancel a payment request',
    description:
      'The account owner or an admin. A `pending` request is withdrawn and an `authorized` one released: both become `canceled`, ' +
      'and the checkout page shows it without a form. Anything else is `409 payment_not_pending`.',
  })
  @ApiParam(PAYMENT_ID)
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'account_closed', 'payment_not_found', 'payment_not_pending')
  cancel(@CurrentUser() caller: AuthenticatedUser, @Param('payment_id') paymentId: string): Promise<PaymentResponseDto> {
    return this.payments.cancel(caller, paymentId);
  }
}
