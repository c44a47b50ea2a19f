import { Body, Controller, Get, Patch, Post, Query } from '@nestjs/common';
import { RequiresVerifiedEmail } from '../auth/decorators/verified-email.decorator';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser } from '../common/access/caller';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { Roles } from '../auth/decorators/roles.decorator';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { TransactionOptions } from '../database/database';
import { Idempotent, IdempotentCommit } from '../idempotency/idempotent.decorator';
import { AccountsService } from './accounts.service';
import { ListAccountsQueryDto, TargetAccountQueryDto } from './dto/account-query.dto';
import { AccountPageDto, AccountResponseDto } from './dto/account.response.dto';
import { CREATE_ACCOUNT_EXAMPLES, CreateAccountRequestDto } from './dto/create-account.request.dto';
import { UPDATE_ACCOUNT_EXAMPLES, UpdateAccountRequestDto } from './dto/update-account.request.dto';
import { RequiresScope } from '../auth/decorators/scope.decorator';

/** The seed spec places account routes under three prefixes; they are one module here. */
@ApiTags('accounts')
@Controller('v1')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @RequiresScope('accounts:write')
  @RequiresVerifiedEmail()
  @Post('accounts')
  @Idempotent({ replaysFromClaim: true })
  @ApiOperation({
    operationId: 'createAccount',
    summary: 'Open an account',
    description:
      'Opens an individual or business account owned by the caller, who joins it. An admin may open one for another ' +
      'user with `owner_user_id`. A user belongs to at most one account.',
  })
  @ApiBody({ type: CreateAccountRequestDto, examples: CREATE_ACCOUNT_EXAMPLES })
  @ApiCreatedResponse({ type: AccountResponseDto })
  @ApiBodyErrors(
    'unauthorized',
    'email_not_verified',
    'insufficient_permissions',
    'user_not_found',
    'account_already_exists',
    'idempotency_request_in_progress',
    'idempotency_key_reused',
  )
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateAccountRequestDto, @IdempotentCommit() commit: TransactionOptions): Promise<AccountResponseDto> {
    return this.accounts.create(caller, body, commit);
  }

  @RequiresScope('accounts:read')
  @Get('account')
  @ApiOperation({ operationId: 'getOwnAccount', summary: "The caller's account", description: 'The account of the user the access token belongs to.' })
  @ApiOkResponse({ type: AccountResponseDto })
  @ApiErrors('unauthorized', 'account_not_found')
  getOwn(@CurrentUser() caller: AuthenticatedUser): Promise<AccountResponseDto> {
    return this.accounts.getOwn(caller);
  }

  @RequiresScope('accounts:write')
  @Patch('accounts')
  @ApiOperation({
    operationId: 'updateAccount',
    summary: 'Update account details',
    description:
      'Name, email, preferences (merged key by key; null removes a key) and the `overdraft` rule. The owner updates its ' +
      'account; an admin names any account with `?account_id=`. An account may forbid overdrafts only while no available ' +
      'balance of it is below zero (`409 insufficient_funds`).',
  })
  @ApiBody({ type: UpdateAccountRequestDto, examples: UPDATE_ACCOUNT_EXAMPLES })
  @ApiOkResponse({ type: AccountResponseDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'account_closed', 'account_not_found', 'insufficient_funds')
  update(@CurrentUser() caller: AuthenticatedUser, @Query() target: TargetAccountQueryDto, @Body() body: UpdateAccountRequestDto): Promise<AccountResponseDto> {
    return this.accounts.update(caller, target, body);
  }

  @RequiresScope('accounts:read')
  @Get('auth/accounts')
  @Roles('admin')
  @ApiOperation({ operationId: 'listAccounts', summary: 'List all accounts (admins)', description: 'Newest first; filter by type and status.' })
  @ApiOkResponse({ type: AccountPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions')
  list(@Query() query: ListAccountsQueryDto): Promise<AccountPageDto> {
    return this.accounts.list(query);
  }
}
