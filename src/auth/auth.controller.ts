import { Body, Controller, Delete, Get, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AuthenticatedUser } from './authenticated-user';
import { AuthService } from './auth.service';
import { CurrentUser } from './decorators/current-user.decorator';
import { Public } from './decorators/public.decorator';
import { InvalidateSessionRequestDto } from './dto/invalidate-session.request.dto';
import { LoginRequestDto } from './dto/login.request.dto';
import { RefreshRequestDto } from './dto/refresh.request.dto';
import { SessionInvalidationResponseDto, SessionPageDto } from './dto/session.response.dto';
import { LoginResponseDto, TokenPairResponseDto } from './dto/token-pair.response.dto';
import { SessionsService } from './sessions.service';

@ApiTags('auth')
@Controller('v1/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'login',
    summary: 'Log in with email and password',
    description:
      'Starts a session and returns an access token (15 min by default) and a refresh token (30 days). ' +
      'A wrong email and a wrong password get the same answer. Limited per client address (LOGIN_PER_MINUTE) and ' +
      'per email after repeated failures (LOGIN_MAX_FAILURES within LOGIN_FAILURE_WINDOW).',
  })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBodyErrors('invalid_credentials', 'account_closed')
  login(@Body() body: LoginRequestDto, @Req() request: FastifyRequest): Promise<LoginResponseDto> {
    return this.auth.login(body, request.ip);
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'refreshSession',
    summary: 'Exchange a refresh token for a new access token',
    description:
      'Send the refresh token as `Authorization: Bearer <refresh_token>`. By default the refresh token is rotated: the ' +
      'presented one stops working and a new one is returned. The token that was just rotated, presented again within ' +
      'REFRESH_REUSE_INTERVAL (10 s), gets the same successor (racing tabs all succeed); presented later, or an older one ' +
      'at any time, ends the whole session (`refresh_token_invalid`).',
  })
  @ApiHeader({ name: 'Authorization', required: true, description: 'Bearer <refresh_token>' })
  @ApiBody({ type: RefreshRequestDto, required: false })
  @ApiOkResponse({ type: TokenPairResponseDto })
  @ApiBodyErrors('refresh_token_invalid', 'refresh_token_expired', 'session_not_found', 'token_rotation_failed')
  refresh(@Headers('authorization') authorization: string | undefined, @Body() body: RefreshRequestDto): Promise<TokenPairResponseDto> {
    return this.auth.refresh(bearerToken(authorization), body);
  }

  @Delete('session')
  @ApiOperation({
    operationId: 'invalidateSession',
    summary: 'Invalidate a session and revoke its tokens',
    description:
      "Ends the caller's own session, or the session named by `session_id` (another user's session: admins only). " +
      'The access and refresh tokens of the session stop working on the next request.',
  })
  @ApiBody({ type: InvalidateSessionRequestDto, required: false })
  @ApiOkResponse({ type: SessionInvalidationResponseDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'session_not_found', 'session_already_invalidated')
  invalidate(@CurrentUser() caller: AuthenticatedUser, @Body() body: InvalidateSessionRequestDto): Promise<SessionInvalidationResponseDto> {
    return this.sessions.invalidate(caller, body);
  }

  @Get('sessions')
  @ApiOperation({
    operationId: 'listSessions',
    summary: "List the caller's sessions",
    description: 'Newest first, active and invalidated, so that a user can end sessions on other devices.',
  })
  @ApiOkResponse({ type: SessionPageDto })
  @ApiErrors('validation_error', 'unauthorized')
  listSessions(@CurrentUser() caller: AuthenticatedUser, @Query() query: PaginationQueryDto): Promise<SessionPageDto> {
    return this.sessions.list(caller, query);
  }
}

function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '');
  return match ? match[1] : null;
}
