import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { BalancesService } from './balances.service';
import { BalancesQueryDto } from './dto/balances.query.dto';
import { BalancesResponseDto } from './dto/balances.response.dto';
import { RequiresScope } from '../auth/decorators/scope.decorator';

@ApiTags('ledger')
@Controller('v1/account/balances')
export class BalancesController {
  constructor(private readonly balances: BalancesService) {}

  @RequiresScope('balances:read')
  @Get()
  @ApiOperation({
    operationId: 'getBalances',
    summary: "Your account's balances",
    description:
      'One row per currency the account has used, in minor units: `posted` (posted credits - posted debits), `pending` ' +
      '(`posted` + pending credits - pending debits) and `available` (`posted` - pending debits). They are kept with every ' +
      'entry, so reading them costs the same however many entries exist. With `as_of`, the `posted` balance of each currency ' +
      'as it stood at that instant. Admins name the account with `account_id`.',
  })
  @ApiOkResponse({ type: BalancesResponseDto })
  @ApiErrors('validation_error', 'unauthorized', 'account_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Query() query: BalancesQueryDto): Promise<BalancesResponseDto> {
    return this.balances.balances(caller, query);
  }
}
