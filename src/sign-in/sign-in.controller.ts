import { Body, Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiBodyErrors } from '../common/swagger/api-errors.decorator';
import { SignInService } from './sign-in.service';
import { Public } from '../auth/decorators/public.decorator';
import { LOGIN_EXAMPLES, LoginRequestDto } from './dto/login.request.dto';
import { REFRESH_EXAMPLES, RefreshRequestDto } from './dto/refresh.request.dto';
import { LoginResponseDto, TokenPairResponseDto } from './dto/token-pair.response.dto';

/** Login and refresh: where a user's credentials become a session (users, accounts and sessions at once). */
@ApiTags('auth')
@Controller('v1/auth')
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'login',
    summary: 'Log in with email and password',
    description:
      'Starts a session and returns an access token (15 min by default) and a refresh token (30 days). ' +
      'A wrong email and a wrong password get the same answer. Limited per client address (LOGIN_PER_MINUTE) and ' +
      'per email and client address after repeated failures (LOGIN_MAX_FAILURES within LOGIN_FAILURE_WINDOW). ' +
      'A user with two factors gets `401 mfa_required` for the right password: send its `details.mfa_token` and a code to `POST /v1/auth/login/mfa`.',
  })
  @ApiBody({ type: LoginRequestDto, examples: LOGIN_EXAMPLES })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBodyErrors('invalid_credentials', 'mfa_required', 'account_closed')
  login(@Body() body: LoginRequestDto, @Req() request: FastifyRequest): Promise<LoginResponseDto> {
    return this.signIn.login(body, request.ip);
  }

  @Post('refresh')
  @Public({ refreshToken: true })
  @HttpCode(200)
  @ApiOperation({
    operationId: 'refreshSession',
    summary: 'Exchange a refresh token for a new access token',
    description:
      'Send the refresh token as `Authorization: Bearer <refresh_token>` (the `refreshToken` security scheme). By default the refresh token is rotated: the ' +
      'presented one stops working and a new one is returned. The token that was just rotated, presented again within ' +
      'REFRESH_REUSE_INTERVAL (10 s), gets the same successor (racing tabs all succeed); presented later, or an older one ' +
      'at any time, ends the whole session (`refresh_token_invalid`).',
  })
  @ApiBody({ type: RefreshRequestDto, required: false, examples: REFRESH_EXAMPLES })
  @ApiOkResponse({ type: TokenPairResponseDto })
  @ApiBodyErrors('refresh_token_invalid', 'refresh_token_expired', 'session_not_found', 'token_rotation_failed')
  refresh(@Headers('authorization') authorization: string | undefined, @Body() body: RefreshRequestDto): Promise<TokenPairResponseDto> {
    return this.signIn.refresh(bearerToken(authorization), body);
  }
}

function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '');
  return match ? match[1] : null;
}
