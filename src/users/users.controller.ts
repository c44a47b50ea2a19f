import { Body, Controller, Delete, Get, Ip, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser } from '../common/access/caller';
import { CurrentUser, OptionalUser } from '../auth/decorators/current-user.decorator';
import { Public } from '../auth/decorators/public.decorator';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { TransactionOptions } from '../database/database';
import { Idempotent, IdempotentCommit } from '../idempotency/idempotent.decorator';
import { CREATE_USER_EXAMPLES, CreateUserRequestDto } from './dto/create-user.request.dto';
import { DeleteUserResponseDto } from './dto/delete-user.response.dto';
import { ListUsersQueryDto } from './dto/list-users.query.dto';
import { UPDATE_USER_EXAMPLES, UpdateUserRequestDto } from './dto/update-user.request.dto';
import { UserPageDto, UserResponseDto } from './dto/user.response.dto';
import { UsersService } from './users.service';
import { RequiresScope, SessionOnly } from '../auth/decorators/scope.decorator';

const USER_ID = { name: 'user_id', description: 'A user id (`usr_...`).' };

@ApiTags('users')
@Controller('v1/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  // People are made by people: a key (even a platform key with admin) never creates one (contract section 21).
  @SessionOnly()
  @Post()
  @Idempotent()
  @Public({ optionalAuthentication: true })
  @ApiOperation({
    operationId: 'createUser',
    summary: 'Register a user',
    description:
      'Signup needs no token. With the access token of an account owner, `account_id` adds the user to that account; ' +
      'an admin may also set `role`. API keys never create people (`403`), platform keys with `admin` included.',
  })
  @ApiBody({ type: CreateUserRequestDto, examples: CREATE_USER_EXAMPLES })
  @ApiCreatedResponse({ type: UserResponseDto })
  @ApiBodyErrors(
    'unauthorized',
    'insufficient_permissions',
    'account_closed',
    'account_not_found',
    'email_already_registered',
    'idempotency_request_in_progress',
    'idempotency_key_reused',
  )
  create(
    @OptionalUser() caller: AuthenticatedUser | null,
    @Body() body: CreateUserRequestDto,
    @IdempotentCommit() commit: TransactionOptions,
    @Ip() clientIp: string,
  ): Promise<UserResponseDto> {
    return this.users.create(caller, body, clientIp, commit);
  }

  @RequiresScope('users:read')
  @Get()
  @ApiOperation({
    operationId: 'listUsers',
    summary: 'List users',
    description: "Admins see every user; members see their account's users (or only themselves without an account).",
  })
  @ApiOkResponse({ type: UserPageDto })
  @ApiErrors('validation_error', 'unauthorized')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListUsersQueryDto): Promise<UserPageDto> {
    return this.users.list(caller, query);
  }

  @RequiresScope('users:read')
  @Get(':user_id')
  @ApiOperation({ operationId: 'getUser', summary: 'Retrieve a user', description: 'Yourself, a user of your account, or any user for admins.' })
  @ApiParam(USER_ID)
  @ApiOkResponse({ type: UserResponseDto })
  @ApiErrors('unauthorized', 'user_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('user_id') userId: string): Promise<UserResponseDto> {
    return this.users.get(caller, userId);
  }

  @RequiresScope('users:write')
  @Patch(':user_id')
  @ApiOperation({
    operationId: 'updateUser',
    summary: 'Partially update a user',
    description:
      'Only the fields sent change. Yourself or, for admins, anyone; `role` is for admins only. An API key with `users:write` ' +
      "changes a user's `name` only (`403` for `role`, `email` and `password`).",
  })
  @ApiParam(USER_ID)
  @ApiBody({ type: UpdateUserRequestDto, examples: UPDATE_USER_EXAMPLES })
  @ApiOkResponse({ type: UserResponseDto })
  @ApiBodyErrors('unauthorized', 'invalid_credentials', 'insufficient_permissions', 'user_not_found', 'email_already_registered')
  update(@CurrentUser() caller: AuthenticatedUser, @Param('user_id') userId: string, @Body() body: UpdateUserRequestDto, @Ip() clientIp: string): Promise<UserResponseDto> {
    return this.users.update(caller, userId, body, clientIp);
  }

  @SessionOnly()
  @Delete(':user_id')
  @ApiOperation({
    operationId: 'deleteUser',
    summary: 'Delete a user',
    description:
      'Permanent. Its sessions and tokens stop working at once and its email can register again. Allowed for the user ' +
      "itself, its account's owner and admins, with a person's session (API keys: `403`). The owner of an open account must close it first.",
  })
  @ApiParam(USER_ID)
  @ApiOkResponse({ type: DeleteUserResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'user_not_found', 'user_owns_account')
  delete(@CurrentUser() caller: AuthenticatedUser, @Param('user_id') userId: string): Promise<DeleteUserResponseDto> {
    return this.users.delete(caller, userId);
  }
}
