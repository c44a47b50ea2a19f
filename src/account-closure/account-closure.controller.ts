import { Controller, Delete, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TargetAccountQueryDto } from '../accounts/dto/account-query.dto';
import { CloseAccountResponseDto } from '../accounts/dto/account.response.dto';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AccountClosureService } from './account-closure.service';
import { SessionOnly } from '../auth/decorators/scope.decorator';

@ApiTags('accounts')
@SessionOnly()
@Controller('v1')
export class AccountClosureController {
  constructor(private readonly closure: AccountClosureService) {}

  @Delete('auth/close')
  @ApiOperation({
    operationId: 'closeAccount',
    summary: 'Close an account permanently',
    description:
      "Every session of the account's users ends at once and they can no longer log in. In the same transaction its " +
      'pending transactions (and pending transfers to it) and its open payment requests are canceled; the answer counts ' +
      'them, and so are its pending payouts; an account with a payout in a batch file is `409 account_has_payouts_in_transit` until the bank ' +
      'statement settles it. A closed account cannot be reopened. The owner closes its account; an admin names any account with `?account_id=`.',
  })
  @ApiOkResponse({ type: CloseAccountResponseDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions', 'account_closed', 'account_not_found', 'account_has_payouts_in_transit')
  close(@CurrentUser() caller: AuthenticatedUser, @Query() target: TargetAccountQueryDto): Promise<CloseAccountResponseDto> {
    return this.closure.close(caller, target);
  }
}
