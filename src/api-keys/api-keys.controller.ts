import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { RequiresVerifiedEmail } from '../auth/decorators/verified-email.decorator';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { SessionOnly } from '../auth/decorators/scope.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { RefusesIdempotencyKey } from '../idempotency/idempotent.decorator';
import { ApiKeysService } from './api-keys.service';
import { CreateApiKeyRequestDto, RollApiKeyRequestDto } from './dto/api-key.request.dto';
import { ApiKeyPageDto, ApiKeyResponseDto, ApiKeyWithSecretDto } from './dto/api-key.response.dto';

const KEY_ID = { name: 'api_key_id', description: 'An API key id (`key_...`).' };

/** People manage keys; a key never mints or sees keys. */
@ApiTags('api-keys')
@SessionOnly()
@Controller('v1/api_keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @RequiresVerifiedEmail()
  @Post()
  @RefusesIdempotencyKey()
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Create an API key',
    description:
      "The owner of an open account creates its keys (`sk_test_`/`sk_live_`, the account's mode); an admin creates platform keys " +
      '(`sk_platform_`, no `account_id`) or keys of any account. The answer shows the `secret` once; only a keyed hash is stored. ' +
      'A person with two factors sends a current code in `mfa_code` (step-up); the creator is told by mail.',
  })
  @ApiCreatedResponse({ type: ApiKeyWithSecretDto })
  @ApiBodyErrors('unauthorized', 'mfa_code_invalid', 'email_not_verified', 'insufficient_permissions', 'mfa_code_required', 'account_not_found', 'account_closed')
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateApiKeyRequestDto): Promise<ApiKeyWithSecretDto> {
    return this.keys.create(caller, body);
  }

  @Get()
  @ApiOperation({ operationId: 'listApiKeys', summary: 'List API keys', description: "Your account's (owners); every one (admins). Newest first. Never shows a secret." })
  @ApiOkResponse({ type: ApiKeyPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: PaginationQueryDto): Promise<ApiKeyPageDto> {
    return this.keys.list(caller, query);
  }

  @Get(':api_key_id')
  @ApiOperation({ operationId: 'getApiKey', summary: 'Retrieve an API key', description: 'Never shows the secret.' })
  @ApiParam(KEY_ID)
  @ApiOkResponse({ type: ApiKeyResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'api_key_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('api_key_id') keyId: string): Promise<ApiKeyResponseDto> {
    return this.keys.get(caller, keyId);
  }

  @Delete(':api_key_id')
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description: 'It stops working on the next request, with every secret it had. Revoking it again answers the same.',
  })
  @ApiParam(KEY_ID)
  @ApiOkResponse({ type: ApiKeyResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'api_key_not_found')
  revoke(@CurrentUser() caller: AuthenticatedUser, @Param('api_key_id') keyId: string): Promise<ApiKeyResponseDto> {
    return this.keys.revoke(caller, keyId);
  }

  @Post(':api_key_id/roll')
  @RefusesIdempotencyKey()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rollApiKey',
    summary: 'Roll an API key',
    description:
      'A new secret, shown once; the previous one keeps working for `expires_in` seconds (default 86400, at most 7 days, 0: stops at once). ' +
      'A revoked or expired key cannot be rolled (`409 api_key_not_active`).',
  })
  @ApiParam(KEY_ID)
  @ApiOkResponse({ type: ApiKeyWithSecretDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'api_key_not_found', 'api_key_not_active')
  roll(@CurrentUser() caller: AuthenticatedUser, @Param('api_key_id') keyId: string, @Body() body: RollApiKeyRequestDto): Promise<ApiKeyWithSecretDto> {
    return this.keys.roll(caller, keyId, body);
  }
}
