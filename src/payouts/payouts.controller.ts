import { Readable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { RequiresScope } from '../auth/decorators/scope.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { TransactionOptions } from '../database/database';
import { Idempotent, IdempotentCommit } from '../idempotency/idempotent.decorator';
import { CREATE_PAYOUT_EXAMPLES, CreatePayoutRequestDto } from './dto/create-payout.request.dto';
import { ListPayoutsQueryDto } from './dto/list-payouts.query.dto';
import { CREATE_PAYOUT_BATCH_EXAMPLES, CreatePayoutBatchRequestDto, PayoutBatchPageDto, PayoutBatchResponseDto } from './dto/payout-batch.dto';
import { PayoutPageDto, PayoutResponseDto } from './dto/payout.response.dto';
import { RETURN_PAYOUT_EXAMPLES, ReturnPayoutRequestDto } from './dto/return-payout.request.dto';
import { PayoutBatchesService } from './payout-batches.service';
import { PayoutsService } from './payouts.service';

const PAYOUT_ID = { name: 'payout_id', description: 'A payout id (`po_...`).' };
const BATCH_ID = { name: 'batch_id', description: 'A payout batch id (`pob_...`).' };

@ApiTags('payouts')
@Controller('v1')
export class PayoutsController {
  constructor(
    private readonly payouts: PayoutsService,
    private readonly batches: PayoutBatchesService,
  ) {}

  @Post('payouts')
  @RequiresScope('payouts:write')
  @Idempotent()
  @ApiOperation({
    operationId: 'createPayout',
    summary: "Pay out an account's balance to a bank account",
    description:
      'The account owner, an admin (naming `account_id`) or an API key with `payouts:write`. A SEPA credit transfer in EUR to `destination` ' +
      '(IBAN of a SEPA country, checked for its length and check digits; optional BIC; a name of at most 70 characters in the SEPA character set). ' +
      'It books a pending `payout` debit that reserves the amount at once (`available` drops; an account that forbids overdrafts must have it: ' +
      '`409 insufficient_funds`). The IBAN is stored sealed and shown only by its last four characters. The payout waits (`pending`) for an admin ' +
      'to put it in a batch file; a test-mode payout never enters one (see the test helpers).',
  })
  @ApiCreatedResponse({ type: PayoutResponseDto })
  @ApiBody({ type: CreatePayoutRequestDto, examples: CREATE_PAYOUT_EXAMPLES })
  @ApiBodyErrors(
    'unauthorized',
    'insufficient_permissions',
    'account_not_found',
    'account_closed',
    'insufficient_funds',
    'idempotency_request_in_progress',
    'idempotency_key_reused',
  )
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreatePayoutRequestDto, @IdempotentCommit() commit: TransactionOptions): Promise<PayoutResponseDto> {
    return this.payouts.create(caller, body, commit);
  }

  @Get('payouts')
  @RequiresScope('payouts:read')
  @ApiOperation({ operationId: 'listPayouts', summary: 'List payouts', description: "Newest first. Members: their account's; admins: all, or one account's." })
  @ApiOkResponse({ type: PayoutPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListPayoutsQueryDto): Promise<PayoutPageDto> {
    return this.payouts.list(caller, query);
  }

  @Get('payouts/:payout_id')
  @RequiresScope('payouts:read')
  @ApiOperation({ operationId: 'getPayout', summary: 'Retrieve a payout', description: "One of your account's payouts (any, for admins)." })
  @ApiParam(PAYOUT_ID)
  @ApiOkResponse({ type: PayoutResponseDto })
  @ApiErrors('unauthorized', 'payout_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('payout_id') payoutId: string): Promise<PayoutResponseDto> {
    return this.payouts.get(caller, payoutId);
  }

  @Post('payouts/:payout_id/cancel')
  @RequiresScope('payouts:write')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'cancelPayout',
    summary: 'Cancel a pending payout',
    description:
      'pending -> canceled: its debit is canceled and the reserved amount is available again. A payout in a batch file (or later) is ' +
      '`409 payout_not_cancelable`; of racing cancels and batches exactly one wins.',
  })
  @ApiParam(PAYOUT_ID)
  @ApiOkResponse({ type: PayoutResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'payout_not_found', 'account_closed', 'payout_not_cancelable')
  cancel(@CurrentUser() caller: AuthenticatedUser, @Param('payout_id') payoutId: string): Promise<PayoutResponseDto> {
    return this.payouts.cancel(caller, payoutId);
  }

  @Post('test_helpers/payouts/:payout_id/paid')
  @RequiresScope('payouts:write')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'testPayoutPaid',
    summary: 'Test mode: the bank paid a payout',
    description: 'A test-mode payout (they never enter a batch file) moves pending -> paid and its debit posts. Live payouts: `403 test_mode_only`.',
  })
  @ApiParam(PAYOUT_ID)
  @ApiOkResponse({ type: PayoutResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'test_mode_only', 'payout_not_found', 'payout_not_cancelable')
  testPaid(@CurrentUser() caller: AuthenticatedUser, @Param('payout_id') payoutId: string): Promise<PayoutResponseDto> {
    return this.payouts.testPaid(caller, payoutId);
  }

  @Post('test_helpers/payouts/:payout_id/returned')
  @RequiresScope('payouts:write')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'testPayoutReturned',
    summary: 'Test mode: the bank returned a payout',
    description:
      'A test-mode payout, pending or paid, moves to returned with `failure_code` the reason: its debit posts (if it had not) and a posted ' +
      '`payout` credit books the amount back. Live payouts: `403 test_mode_only`.',
  })
  @ApiParam(PAYOUT_ID)
  @ApiOkResponse({ type: PayoutResponseDto })
  @ApiBody({ type: ReturnPayoutRequestDto, examples: RETURN_PAYOUT_EXAMPLES })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'test_mode_only', 'payout_not_found', 'payout_not_cancelable')
  testReturned(@CurrentUser() caller: AuthenticatedUser, @Param('payout_id') payoutId: string, @Body() body: ReturnPayoutRequestDto): Promise<PayoutResponseDto> {
    return this.payouts.testReturned(caller, payoutId, body.reason);
  }

  @Post('payout_batches')
  @RequiresScope('payouts:write')
  @ApiOperation({
    operationId: 'createPayoutBatch',
    summary: 'Put pending payouts into a pain.001 batch file (admins)',
    description:
      'Every pending live EUR payout, or those of `payout_ids` that are, moves to `in_transit` in one new batch; a payout joins one batch only, ' +
      'also under concurrency. None left: `409 payout_batch_empty`. Download the file from `file_url` and upload it in the bank’s portal.',
  })
  @ApiCreatedResponse({ type: PayoutBatchResponseDto })
  @ApiBody({ type: CreatePayoutBatchRequestDto, examples: CREATE_PAYOUT_BATCH_EXAMPLES })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'payout_batch_empty')
  createBatch(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreatePayoutBatchRequestDto): Promise<PayoutBatchResponseDto> {
    return this.batches.create(caller, body);
  }

  @Get('payout_batches')
  @RequiresScope('payouts:read')
  @ApiOperation({ operationId: 'listPayoutBatches', summary: 'List payout batches (admins)', description: 'Newest first.' })
  @ApiOkResponse({ type: PayoutBatchPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions')
  listBatches(@CurrentUser() caller: AuthenticatedUser, @Query() query: PaginationQueryDto): Promise<PayoutBatchPageDto> {
    return this.batches.list(caller, query);
  }

  @Get('payout_batches/:batch_id')
  @RequiresScope('payouts:read')
  @ApiOperation({ operationId: 'getPayoutBatch', summary: 'Retrieve a payout batch (admins)' })
  @ApiParam(BATCH_ID)
  @ApiOkResponse({ type: PayoutBatchResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'payout_batch_not_found')
  getBatch(@CurrentUser() caller: AuthenticatedUser, @Param('batch_id') batchId: string): Promise<PayoutBatchResponseDto> {
    return this.batches.get(caller, batchId);
  }

  @Get('payout_batches/:batch_id/file')
  @RequiresScope('payouts:read')
  @ApiProduces('application/xml')
  @ApiOperation({
    operationId: 'getPayoutBatchFile',
    summary: "Download a batch's pain.001.001.09 file (admins)",
    description:
      'ISO 20022 Customer Credit Transfer Initiation V09 (valid against its XSD and the EPC SEPA implementation guidelines): the debtor is the ' +
      "platform's bank account (`BANK_TRANSFER_IBAN`, `_BIC`, `_BENEFICIARY`), `EndToEndId` each payout's id, `MsgId` and `PmtInfId` the batch id. " +
      'Built from the payouts on each download (never stored) and streamed; the same each time.',
  })
  @ApiParam(BATCH_ID)
  @ApiOkResponse({ description: 'The pain.001.001.09 document.', content: { 'application/xml': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'payout_batch_not_found')
  async file(@CurrentUser() caller: AuthenticatedUser, @Param('batch_id') batchId: string): Promise<StreamableFile> {
    const xml = await this.batches.file(caller, batchId);
    return new StreamableFile(Readable.from(xml), { type: 'application/xml', disposition: `attachment; filename="${batchId}.xml"` });
  }
}
