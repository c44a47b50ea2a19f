import { Body, Controller, Delete, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { AllowedBeforeMfaEnrollment } from '../auth/decorators/mfa-enrollment.decorator';
import { Public } from '../auth/decorators/public.decorator';
import { SessionOnly } from '../auth/decorators/scope.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { ApiBodyErrors } from '../common/swagger/api-errors.decorator';
import {
  CONFIRM_TOTP_EXAMPLES,
  ConfirmTotpRequestDto,
  LOGIN_MFA_EXAMPLES,
  LoginMfaRequestDto,
  REMOVE_TOTP_EXAMPLES,
  RemoveTotpRequestDto,
  START_TOTP_EXAMPLES,
  StartTotpRequestDto,
} from './dto/mfa.request.dto';
import { TotpEnabledResponseDto, TotpEnrolmentResponseDto, TotpRemovedResponseDto } from './dto/mfa.response.dto';
import { LoginResponseDto } from './dto/token-pair.response.dto';
import { SignInService } from './sign-in.service';
import { TwoFactorsService } from './two-factors.service';

/** Two factors (contract section 22): a person's TOTP authenticator, and the second step of a login. */
@ApiTags('auth')
@Controller('v1/auth')
export class TwoFactorsController {
  constructor(
    private readonly twoFactors: TwoFactorsService,
    private readonly signIn: SignInService,
  ) {}

  @Post('login/mfa')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'loginWithMfa',
    summary: 'Second step of a login with two factors',
    description:
      'After `POST /v1/auth/login` answered `401 mfa_required`: send its `details.mfa_token` with the code the authenticator app shows ' +
      '(`code`) or an unused recovery code (`recovery_code`). Answers as a login does. A code works once (a replay is refused), with one ' +
      'step (30 s) of clock drift either way. The token works once, for 5 minutes; five wrong codes end it (then `401 mfa_code_invalid` ' +
      'whatever the code): log in again. Wrong codes also count as failed password attempts (LOGIN_MAX_FAILURES).',
  })
  @ApiBody({ type: LoginMfaRequestDto, examples: LOGIN_MFA_EXAMPLES })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBodyErrors('mfa_code_invalid', 'account_closed')
  loginWithMfa(@Body() body: LoginMfaRequestDto, @Req() request: FastifyRequest): Promise<LoginResponseDto> {
    return this.signIn.loginWithMfa(body, request.ip);
  }

  @Post('mfa/totp')
  @SessionOnly()
  @AllowedBeforeMfaEnrollment()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'startTotpEnrolment',
    summary: 'Start setting up an authenticator app (TOTP)',
    description:
      'Answers a new secret and its `otpauth://` URI (SHA-1, 6 digits, 30 s), to scan as a QR code or type into the app; then confirm with ' +
      '`POST /v1/auth/mfa/totp/confirm`. Calling it again before confirming replaces the secret. Already enabled: `409 mfa_already_enabled`.',
  })
  @ApiBody({ type: StartTotpRequestDto, examples: START_TOTP_EXAMPLES })
  @ApiOkResponse({ type: TotpEnrolmentResponseDto })
  @ApiBodyErrors('unauthorized', 'invalid_credentials', 'insufficient_permissions', 'mfa_already_enabled')
  start(@CurrentUser() caller: AuthenticatedUser, @Body() body: StartTotpRequestDto, @Req() request: FastifyRequest): Promise<TotpEnrolmentResponseDto> {
    return this.twoFactors.start(caller, body, request.ip);
  }

  @Post('mfa/totp/confirm')
  @SessionOnly()
  @AllowedBeforeMfaEnrollment()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmTotpEnrolment',
    summary: 'Turn on two factors with a first code',
    description:
      'The code the app shows for the new secret turns two factors on: from the next login on, a code is asked after the password. ' +
      'Answers ten recovery codes, once (each signs in once when the app is lost). Your sessions stay; a notice is mailed.',
  })
  @ApiBody({ type: ConfirmTotpRequestDto, examples: CONFIRM_TOTP_EXAMPLES })
  @ApiOkResponse({ type: TotpEnabledResponseDto })
  @ApiBodyErrors('unauthorized', 'mfa_code_invalid', 'insufficient_permissions', 'mfa_already_enabled', 'mfa_enrollment_not_started')
  confirm(@CurrentUser() caller: AuthenticatedUser, @Body() body: ConfirmTotpRequestDto, @Req() request: FastifyRequest): Promise<TotpEnabledResponseDto> {
    return this.twoFactors.confirm(caller, body, request.ip);
  }

  @Delete('mfa/totp')
  @SessionOnly()
  @ApiOperation({
    operationId: 'removeTotp',
    summary: 'Turn off two factors',
    description:
      'Needs your password and a current code of the app, or one of your recovery codes when the app is lost. Removes the secret and the ' +
      'recovery codes, ends your other sessions (this one stays) and mails a notice.',
  })
  @ApiBody({ type: RemoveTotpRequestDto, examples: REMOVE_TOTP_EXAMPLES })
  @ApiOkResponse({ type: TotpRemovedResponseDto })
  @ApiBodyErrors('unauthorized', 'invalid_credentials', 'mfa_code_invalid', 'insufficient_permissions', 'mfa_code_required', 'mfa_not_enabled')
  remove(@CurrentUser() caller: AuthenticatedUser, @Body() body: RemoveTotpRequestDto, @Req() request: FastifyRequest): Promise<TotpRemovedResponseDto> {
    return this.twoFactors.remove(caller, body, request.ip);
  }
}
