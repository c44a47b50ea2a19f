import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { RequiresVerifiedEmail } from '../auth/decorators/verified-email.decorator';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser } from '../common/access/caller';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { Roles } from '../auth/decorators/roles.decorator';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { TransactionOptions } from '../database/database';
import { Idempotent, IdempotentCommit } from '../idempotency/idempotent.decorator';
import { CREATE_TRANSACTION_EXAMPLES, CreateTransactionRequestDto } from './dto/create-transaction.request.dto';
import { ListTransactionsQueryDto, MAX_METADATA_FILTERS } from './dto/list-transactions.query.dto';
import { METADATA_KEY_MAX_LENGTH, METADATA_VALUE_MAX_LENGTH } from '../common/validation/metadata';
import { TransactionPageDto, TransactionResponseDto } from './dto/transaction.response.dto';
import { IMMUTABLE_TRANSACTION_FIELDS, UPDATE_TRANSACTION_EXAMPLES, UpdateTransactionRequestDto } from './dto/update-transaction.request.dto';
import { REVERSE_TRANSACTION_EXAMPLES, ReverseTransactionRequestDto } from './dto/reverse-transaction.request.dto';
import { TransactionsService } from './transactions.service';
import { RequiresScope } from '../auth/decorators/scope.decorator';

const TRANSACTION_ID = { name: 'transaction_id', description: 'A transaction id (`txn_...`).' };

@ApiTags('transactions')
@Controller('v1/transactions')
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @RequiresScope('transactions:write')
  @RequiresVerifiedEmail()
  @Post()
  @Idempotent({ replaysFromClaim: true })
  @ApiOperation({
    operationId: 'createTransaction',
    summary: 'Create a transaction',
    description:
      'Books a `pending` transaction on your account (admins: on `account_id`), with its two ledger entries. The type ' +
      'implies the direction, except for `adjustment`, which needs one. A `transfer` moves money from the account to ' +
      '`counterparty_account_id`, which must be another open account, and shows in both accounts. On an account whose ' +
      '`overdraft` is `forbidden`, a debit above the available balance of its currency is `409 insufficient_funds`. A refund ' +
      'may name the payment or credit it refunds (`refunded_transaction_id`, not reversed); every refund of it, by this route or ' +
      "a payment request's refunds route, draws on what is left of it (`409 refund_exceeds_payment`), and a refund of a payment " +
      "request's settlement credit counts in the request's `amount_refunded`. Amounts are integers in minor units.",
  })
  @ApiBody({ type: CreateTransactionRequestDto, examples: CREATE_TRANSACTION_EXAMPLES })
  @ApiCreatedResponse({ type: TransactionResponseDto })
  @ApiBodyErrors(
    'unauthorized',
    'email_not_verified',
    'account_closed',
    'account_not_found',
    'insufficient_funds',
    'refund_exceeds_payment',
    'idempotency_request_in_progress',
    'idempotency_key_reused',
  )
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateTransactionRequestDto, @IdempotentCommit() commit: TransactionOptions): Promise<TransactionResponseDto> {
    return this.transactions.create(caller, body, commit);
  }

  @RequiresScope('transactions:read')
  @Get()
  @ApiOperation({
    operationId: 'listTransactions',
    summary: 'List transactions',
    description:
      "Newest first. Members see their account's transactions and the transfers it receives (from its side: `direction` " +
      "`credit`); admins see all, or one account's with `account_id`. " +
      'Filters combine with AND; `metadata[key]=value` matches exactly and may be repeated with other keys (at most 10).',
  })
  @ApiQuery({
    name: 'metadata',
    required: false,
    style: 'deepObject',
    explode: true,
    // An empty example: without one, Swagger UI pre-fills made-up keys ({"additionalProp1": "string"}) and
    // sends them as a filter that matches nothing.
    schema: { type: 'object', additionalProperties: { type: 'string', maxLength: METADATA_VALUE_MAX_LENGTH }, maxProperties: MAX_METADATA_FILTERS, example: {} },
    description:
      'Exact match on metadata entries: `metadata[order_id]=1042&metadata[channel]=web`. Leave empty for no filter. ' +
      `At most ${MAX_METADATA_FILTERS} entries, each key given once; keys are 1 to ${METADATA_KEY_MAX_LENGTH} characters.`,
  })
  @ApiOkResponse({ type: TransactionPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListTransactionsQueryDto): Promise<TransactionPageDto> {
    return this.transactions.list(caller, query);
  }

  @RequiresScope('transactions:read')
  @Get(':transaction_id')
  @ApiOperation({
    operationId: 'getTransaction',
    summary: 'Retrieve a transaction',
    description: "One of your account's transactions, or a transfer it receives, from its side (any, for admins).",
  })
  @ApiParam(TRANSACTION_ID)
  @ApiOkResponse({ type: TransactionResponseDto })
  @ApiErrors('unauthorized', 'transaction_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('transaction_id') transactionId: string): Promise<TransactionResponseDto> {
    return this.transactions.get(caller, transactionId);
  }

  @RequiresScope('transactions:write')
  @Patch(':transaction_id')
  @ApiOperation({
    operationId: 'updateTransaction',
    summary: 'Amend a transaction',
    description:
      'Metadata (merged key by key; null removes a key), reference ids and notes, in any status. Fields fixed at creation ' +
      `(${IMMUTABLE_TRANSACTION_FIELDS.map((field) => `\`${field}\``).join(', ')}) are refused with \`422 immutable_field\`.`,
  })
  @ApiParam(TRANSACTION_ID)
  @ApiBody({ type: UpdateTransactionRequestDto, examples: UPDATE_TRANSACTION_EXAMPLES })
  @ApiOkResponse({ type: TransactionResponseDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'account_closed', 'transaction_not_found', 'immutable_field')
  update(@CurrentUser() caller: AuthenticatedUser, @Param('transaction_id') transactionId: string, @Body() body: UpdateTransactionRequestDto): Promise<TransactionResponseDto> {
    return this.transactions.update(caller, transactionId, body);
  }

  @RequiresScope('transactions:write')
  @Delete(':transaction_id')
  @ApiOperation({
    operationId: 'cancelTransaction',
    summary: 'Cancel a pending transaction',
    description:
      'pending -> canceled: it will never settle, and what it held in the balances is released. Of concurrent requests ' +
      'exactly one succeeds. Only the sender cancels a transfer (the receiver gets `403`). A payment whose refunds are not ' +
      'canceled cannot be canceled (`409 refund_exceeds_payment`). The transaction of a refund object (booked by ' +
      '`POST /v1/payments/{payment_id}/refunds`) settles with its refund: `409 transaction_belongs_to_refund`; a payout’s debit moves with its payout: `409 transaction_belongs_to_payout`.',
  })
  @ApiParam(TRANSACTION_ID)
  @ApiOkResponse({ type: TransactionResponseDto })
  @ApiErrors(
    'unauthorized',
    'insufficient_permissions',
    'account_closed',
    'transaction_not_found',
    'transaction_not_pending',
    'refund_exceeds_payment',
    'transaction_belongs_to_refund',
    'transaction_belongs_to_payout',
  )
  cancel(@CurrentUser() caller: AuthenticatedUser, @Param('transaction_id') transactionId: string): Promise<TransactionResponseDto> {
    return this.transactions.cancel(caller, transactionId);
  }

  @RequiresScope('transactions:write')
  @Post(':transaction_id/post')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({
    operationId: 'postTransaction',
    summary: 'Post a pending transaction (admins)',
    description:
      'pending -> posted: the transaction is settled. Of concurrent requests exactly one succeeds. A refund posts once what it ' +
      'refunds has posted (`409 transaction_not_posted`). The transaction of a refund object settles with its refund ' +
      '(`POST /v1/refunds/{refund_id}/confirm`): `409 transaction_belongs_to_refund`; a payout’s, with its payout: `409 transaction_belongs_to_payout`.',
  })
  @ApiParam(TRANSACTION_ID)
  @ApiOkResponse({ type: TransactionResponseDto })
  @ApiErrors(
    'unauthorized',
    'insufficient_permissions',
    'account_closed',
    'transaction_not_found',
    'transaction_not_pending',
    'transaction_not_posted',
    'transaction_belongs_to_refund',
    'transaction_belongs_to_payout',
  )
  post(@CurrentUser() caller: AuthenticatedUser, @Param('transaction_id') transactionId: string): Promise<TransactionResponseDto> {
    return this.transactions.post(caller, transactionId);
  }

  @Post(':transaction_id/reverse')
  @RequiresScope('transactions:write')
  @Roles('admin')
  @Idempotent({ replaysFromClaim: true })
  @ApiOperation({
    operationId: 'reverseTransaction',
    summary: 'Reverse a posted transaction (admins)',
    description:
      'Books the correcting transaction: the same type, amount and currency the other way round, posted at once, with ' +
      '`reverses_transaction_id` naming the original; the original shows `reversed_by_transaction_id` and gets `transaction.reversed`. ' +
      'A transfer moves back from its receiver. Not posted: `409 transaction_not_posted`; a second reversal (also a concurrent one): ' +
      '`409 transaction_already_reversed`. A payment or credit with refunds that are not canceled gives back by them: it cannot also ' +
      'be reversed (`409 transaction_has_refunds`), and once reversed it cannot be refunded. An account that forbids overdrafts must ' +
      'have the funds the reversal debits (`409 insufficient_funds`).',
  })
  @ApiParam(TRANSACTION_ID)
  @ApiCreatedResponse({ type: TransactionResponseDto })
  @ApiBody({ type: ReverseTransactionRequestDto, examples: REVERSE_TRANSACTION_EXAMPLES })
  @ApiBodyErrors(
    'unauthorized',
    'insufficient_permissions',
    'account_closed',
    'transaction_not_found',
    'transaction_not_posted',
    'transaction_already_reversed',
    'transaction_has_refunds',
    'transaction_belongs_to_payout',
    'insufficient_funds',
    'idempotency_request_in_progress',
    'idempotency_key_reused',
  )
  reverse(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('transaction_id') transactionId: string,
    @Body() body: ReverseTransactionRequestDto,
    @IdempotentCommit() commit: TransactionOptions,
  ): Promise<TransactionResponseDto> {
    return this.transactions.reverse(caller, transactionId, body, commit);
  }
}
