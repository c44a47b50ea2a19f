import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { RequiresScope } from '../auth/decorators/scope.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { BankStatementProfiles } from './bank-statement-profiles.service';
import { BankStatementProfileDto, BankStatementProfileListDto, CREATE_PROFILE_EXAMPLES } from './dto/bank-statement-profile.dto';

const PROFILE_NAME = { name: 'name', description: 'A profile name (`ubs-export`).' };

@ApiTags('bank statements')
@Controller('v1/bank_statement_profiles')
export class BankStatementProfilesController {
  constructor(private readonly profiles: BankStatementProfiles) {}

  @RequiresScope('payments:write')
  @Post()
  @ApiOperation({
    operationId: 'createBankStatementProfile',
    summary: "Describe a bank's CSV export, so it can be imported as it is",
    description:
      'Admins only. Columns are named by their header; `date_format` in the tokens `YYYY`, `MM`, `DD`; `skip_rows` the lines above the header row. ' +
      'Name either `amount` (signed) or `credit` and `debit`, and either `currency` or `default_currency`. Import with `?profile=NAME`.',
  })
  @ApiCreatedResponse({ type: BankStatementProfileDto })
  @ApiBody({ type: BankStatementProfileDto, examples: CREATE_PROFILE_EXAMPLES })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'bank_statement_profile_exists')
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: BankStatementProfileDto): Promise<BankStatementProfileDto> {
    return this.profiles.create(caller, body);
  }

  @RequiresScope('payments:read')
  @Get()
  @ApiOperation({ operationId: 'listBankStatementProfiles', summary: 'List bank statement profiles', description: 'Admins only. By name.' })
  @ApiOkResponse({ type: BankStatementProfileListDto })
  @ApiErrors('unauthorized', 'insufficient_permissions')
  list(@CurrentUser() caller: AuthenticatedUser): Promise<BankStatementProfileListDto> {
    return this.profiles.list(caller);
  }

  @RequiresScope('payments:read')
  @Get(':name')
  @ApiOperation({ operationId: 'getBankStatementProfile', summary: 'Read a bank statement profile', description: 'Admins only.' })
  @ApiParam(PROFILE_NAME)
  @ApiOkResponse({ type: BankStatementProfileDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'bank_statement_profile_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('name') name: string): Promise<BankStatementProfileDto> {
    return this.profiles.get(caller, name);
  }

  @RequiresScope('payments:write')
  @Delete(':name')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteBankStatementProfile', summary: 'Delete a bank statement profile', description: 'Admins only. Statements imported with it stay.' })
  @ApiParam(PROFILE_NAME)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'bank_statement_profile_not_found')
  async delete(@CurrentUser() caller: AuthenticatedUser, @Param('name') name: string): Promise<void> {
    await this.profiles.delete(caller, name);
  }
}
