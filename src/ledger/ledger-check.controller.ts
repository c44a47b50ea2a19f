import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators/roles.decorator';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { LedgerCheckReportDto } from './dto/ledger-check.response.dto';
import { LedgerCheckService } from './ledger-check.service';
import { RequiresScope } from '../auth/decorators/scope.decorator';

@ApiTags('ledger')
@Controller('v1/ledger/check')
export class LedgerCheckController {
  constructor(private readonly ledgerCheck: LedgerCheckService) {}

  @RequiresScope('balances:read')
  @Get()
  @Roles('admin')
  @ApiOperation({
    operationId: 'checkLedger',
    summary: 'Check the books (admins)',
    description:
      'Recomputes every balance from the entries and verifies that debits equal credits in every currency and that every ' +
      'transaction has one debit and one credit entry. `ok: false` lists what differs. It reads the whole ledger (in chunks), ' +
      'so it takes seconds on millions of entries; `npm run cli -- ledger-check` runs the same check.',
  })
  @ApiOkResponse({ type: LedgerCheckReportDto })
  @ApiErrors('unauthorized', 'insufficient_permissions')
  check(): Promise<LedgerCheckReportDto> {
    return this.ledgerCheck.run();
  }
}
