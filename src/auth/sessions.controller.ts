import { Body, Controller, Delete, Get, Query } from '@nestjs/common';
import { AllowedBeforeMfaEnrollment } from './decorators/mfa-enrollment.decorator';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AuthenticatedUser } from '../common/access/caller';
import { CurrentUser } from './decorators/current-user.decorator';
import { INVALIDATE_SESSION_EXAMPLES, InvalidateSessionRequestDto } from './dto/invalidate-session.request.dto';
import { SessionInvalidationResponseDto, SessionPageDto } from './dto/session.response.dto';
import { SessionsService } from './sessions.service';
import { SessionOnly } from './decorators/scope.decorator';

/** The caller's sessions: list them, end one. */
@ApiTags('auth')
@SessionOnly()
@Controller('v1/auth')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Delete('session')
  @AllowedBeforeMfaEnrollment({ ownSessionOnly: true })
  @ApiOperation({
    operationId: 'invalidateSession',
    summary: 'Invalidate a session and revoke its tokens',
    description:
      "Ends the caller's own session, or the session named by `session_id` (another user's session: admins only). " +
      'The access and refresh tokens of the session stop working on the next request.',
  })
  @ApiBody({ type: InvalidateSessionRequestDto, required: false, examples: INVALIDATE_SESSION_EXAMPLES })
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
