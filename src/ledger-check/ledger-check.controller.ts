import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators/roles.decorator';
import { RequiresScope } from '../auth/decorators/scope.decorator';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { LedgerCheckReportDto } from './dto/ledger-check.response.dto';
import { LedgerCheckService } from './ledger-check.service';

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
      'Verifies the invariants of the books and of money (contract section 20), each reported by name in `invariants`: debits ' +
      'equal credits in every currency; every balance equals its entries; every transaction has exactly its two entries; no ' +
      'payment or credit is given back beyond its amount (refunds by either route and a reversal); every payment request has ' +
      "`amount_refunded <= amount_captured <= amount` and its credit's sums; no account that forbids overdrafts is below zero " +
      'available; every event stream is gapless. `ok: false` lists what differs, with the offending ids. It reads every table ' +
      'once (balances in chunks), so it takes seconds on millions of transactions; `npm run cli -- ledger-check` runs the same check.',
  })
  @ApiOkResponse({ type: LedgerCheckReportDto })
  @ApiErrors('unauthorized', 'insufficient_permissions')
  check(): Promise<LedgerCheckReportDto> {
    return this.ledgerCheck.run();
  }
}
