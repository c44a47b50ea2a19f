import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser } from '../common/access/caller';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { Public } from '../auth/decorators/public.decorator';
import { SessionOnly } from '../auth/decorators/scope.decorator';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { EmailLinkSentResponseDto, PASSWORD_RESET_EXAMPLES, PasswordResetConfirmRequestDto, PasswordResetRequestDto, VerifyEmailRequestDto } from './dto/email-links.dto';
import { UserResponseDto } from './dto/user.response.dto';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';

/** The mailed links of contract section 22: proving an address, and a forgotten password. */
@ApiTags('auth')
@Controller('v1/auth')
export class EmailLinksController {
  constructor(
    private readonly verification: EmailVerificationService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  @Post('verify_email')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'verifyEmail',
    summary: 'Confirm an email address with the token of a mailed link',
    description:
      'Needs only the token (no session): the link works once, for EMAIL_TOKEN_TTL (24 h), and only the newest link sent ' +
      'to a user for an address counts. For a change of email the new address becomes `email` now, and the old one is told.',
  })
  @ApiBody({ type: VerifyEmailRequestDto })
  @ApiOkResponse({ type: UserResponseDto })
  @ApiBodyErrors('token_invalid', 'email_already_registered')
  verify(@Body() body: VerifyEmailRequestDto): Promise<UserResponseDto> {
    return this.verification.verify(body.token);
  }

  @Post('verify_email/resend')
  @SessionOnly()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'resendEmailVerification',
    summary: 'Mail a new verification link',
    description:
      'To the address your email change waits for, else to your own while it is unverified; earlier links stop working. ' + 'Limited per address (EMAIL_LINKS_PER_HOUR).',
  })
  @ApiAcceptedResponse({ type: EmailLinkSentResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'email_already_verified', 'rate_limited')
  resend(@CurrentUser() caller: AuthenticatedUser): Promise<EmailLinkSentResponseDto> {
    return this.verification.resend(caller);
  }

  @Post('password_reset')
  @Public()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'requestPasswordReset',
    summary: 'Mail a password reset link',
    description:
      'Answers 202 with no body, in the same time, whether or not a user has the email; if one does, a link valid for ' +
      'PASSWORD_RESET_TTL (30 min) is mailed to it. Limited per email (EMAIL_LINKS_PER_HOUR) and per client address ' +
      '(PASSWORD_RESETS_PER_HOUR_PER_IP).',
  })
  @ApiBody({ type: PasswordResetRequestDto, examples: PASSWORD_RESET_EXAMPLES })
  @ApiAcceptedResponse({ description: 'Accepted: a link is on its way if a user has this email.' })
  @ApiBodyErrors('rate_limited')
  requestReset(@Body() body: PasswordResetRequestDto, @Ip() clientIp: string): Promise<void> {
    return this.passwordReset.request(body.email, clientIp);
  }

  @Post('password_reset/confirm')
  @Public()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'confirmPasswordReset',
    summary: 'Set a new password with the token of a reset link',
    description:
      "The password policy of signup applies. Every session of the user ends, every other reset link stops working, a notice goes to the user's address, " +
      'and the address counts as verified (the link proved it). Two-factor authentication, when enabled, still applies at the next login.',
  })
  @ApiBody({ type: PasswordResetConfirmRequestDto })
  @ApiNoContentResponse({ description: 'The password is set; log in with it.' })
  @ApiBodyErrors('token_invalid')
  confirmReset(@Body() body: PasswordResetConfirmRequestDto): Promise<void> {
    return this.passwordReset.confirm(body.token, body.new_password);
  }
}
