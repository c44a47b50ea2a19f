import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { Roles } from '../auth/decorators/roles.decorator';
import { RequiresScope } from '../auth/decorators/scope.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { TransactionOptions } from '../database/database';
import { Idempotent, IdempotentCommit } from '../idempotency/idempotent.decorator';
import { CONFIRM_REFUND_EXAMPLES, ConfirmRefundRequestDto } from './dto/confirm-refund.request.dto';
import { CREATE_REFUND_EXAMPLES, CreateRefundRequestDto } from './dto/create-refund.request.dto';
import { RefundPageDto, RefundResponseDto } from './dto/refund.response.dto';
import { RefundsService } from './refunds.service';

const PAYMENT_ID = { name: 'payment_id', description: 'A payment request id (`pay_...`).' };
const REFUND_ID = { name: 'refund_id', description: 'A refund id (`re_...`).' };

@ApiTags('refunds')
@Controller('v1')
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @Post('payments/:payment_id/refunds')
  @RequiresScope('payments:write')
  @Idempotent({ replaysFromClaim: true })
  @ApiOperation({
    operationId: 'createRefund',
    summary: 'Refund a payment request',
    description:
      'The account owner or an admin gives money of a `succeeded` request back to its customer through the provider that took it. ' +
      '`amount` defaults to what is left. The refund books a `refund` transaction (`direction: debit`, `refunded_transaction_id`: the ' +
      "request's credit): posted once the provider succeeds (the sandbox: at once), canceled if it fails, pending meanwhile (bank " +
      "transfers: until an admin confirms the bank's answer). The request's refunds (pending and succeeded, by this route or as `refund` " +
      'transactions naming its credit) never add up to more than it captured (`409 refund_exceeds_payment`, also under concurrency); a ' +
      'request whose credit was reversed has nothing left to refund (`409 payment_not_refundable`); an account that forbids overdrafts must have the funds ' +
      '(`409 insufficient_funds`). A replay by Idempotency-Key answers the refund as its creation committed it.',
  })
  @ApiParam(PAYMENT_ID)
  @ApiCreatedResponse({ type: RefundResponseDto })
  @ApiBody({ type: CreateRefundRequestDto, examples: CREATE_REFUND_EXAMPLES })
  @ApiBodyErrors(
    'unauthorized',
    'insufficient_permissions',
    'account_closed',
    'payment_not_found',
    'payment_not_refundable',
    'refund_exceeds_payment',
    'insufficient_funds',
    'idempotency_request_in_progress',
    'idempotency_key_reused',
    'service_unavailable',
  )
  create(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('payment_id') paymentId: string,
    @Body() body: CreateRefundRequestDto,
    @IdempotentCommit() commit: TransactionOptions,
  ): Promise<RefundResponseDto> {
    return this.refunds.create(caller, paymentId, body, commit);
  }

  @Get('payments/:payment_id/refunds')
  @RequiresScope('payments:read')
  @ApiOperation({ operationId: 'listRefunds', summary: "List a payment request's refunds", description: 'Newest first; members of the account may read them.' })
  @ApiParam(PAYMENT_ID)
  @ApiOkResponse({ type: RefundPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'payment_not_found')
  list(@CurrentUser() caller: AuthenticatedUser, @Param('payment_id') paymentId: string, @Query() query: PaginationQueryDto): Promise<RefundPageDto> {
    return this.refunds.list(caller, paymentId, query);
  }

  @Get('refunds/:refund_id')
  @RequiresScope('payments:read')
  @ApiOperation({ operationId: 'getRefund', summary: 'Retrieve a refund', description: "One of your account's refunds (any, for admins)." })
  @ApiParam(REFUND_ID)
  @ApiOkResponse({ type: RefundResponseDto })
  @ApiErrors('unauthorized', 'refund_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('refund_id') refundId: string): Promise<RefundResponseDto> {
    return this.refunds.get(caller, refundId);
  }

  @Post('refunds/:refund_id/confirm')
  @RequiresScope('payments:write')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({
    operationId: 'confirmRefund',
    summary: "Record the bank's answer to a pending refund (admins)",
    description:
      'Bank-transfer refunds wait for this: `succeeded` posts the refund transaction, `failed` cancels it and gives its amount back to the ' +
      "request's refundable sum. A refund that is not pending is `409 transaction_not_pending`; of concurrent answers exactly one counts.",
  })
  @ApiParam(REFUND_ID)
  @ApiOkResponse({ type: RefundResponseDto })
  @ApiBody({ type: ConfirmRefundRequestDto, examples: CONFIRM_REFUND_EXAMPLES })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'refund_not_found', 'transaction_not_pending')
  confirm(@CurrentUser() caller: AuthenticatedUser, @Param('refund_id') refundId: string, @Body() body: ConfirmRefundRequestDto): Promise<RefundResponseDto> {
    return this.refunds.confirm(caller, refundId, body);
  }
}
