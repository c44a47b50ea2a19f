import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { RequiresScope } from '../auth/decorators/scope.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import {
  BankStatementLinePageDto,
  BankStatementLineResponseDto,
  IgnoreBankStatementLineRequestDto,
  ListBankStatementLinesQueryDto,
  MatchBankStatementLineRequestDto,
} from './dto/bank-statement-line.dto';
import { StatementInbox } from './statement-inbox.service';

const LINE_ID = { name: 'line_id', description: 'A bank statement line id (`bsl_...`).' };

@ApiTags('bank statements')
@Controller('v1/bank_statement_lines')
export class BankStatementLinesController {
  constructor(private readonly inbox: StatementInbox) {}

  @RequiresScope('payments:read')
  @Get()
  @ApiOperation({
    operationId: 'listBankStatementLines',
    summary: 'List bank statement lines: the reconciliation inbox',
    description: 'Admins only. Newest first. `status=unmatched` is what no request claimed: match it by hand or ignore it. Each line shows what the bank said of it.',
  })
  @ApiOkResponse({ type: BankStatementLinePageDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'validation_error')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListBankStatementLinesQueryDto): Promise<BankStatementLinePageDto> {
    return this.inbox.list(caller, query);
  }

  @RequiresScope('payments:read')
  @Get(':line_id')
  @ApiOperation({ operationId: 'getBankStatementLine', summary: 'Read a bank statement line', description: 'Admins only.' })
  @ApiParam(LINE_ID)
  @ApiOkResponse({ type: BankStatementLineResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'bank_statement_line_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('line_id') lineId: string): Promise<BankStatementLineResponseDto> {
    return this.inbox.get(caller, lineId);
  }

  @RequiresScope('payments:write')
  @Post(':line_id/match')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'matchBankStatementLine',
    summary: 'Settle a request with an unmatched line, by hand',
    description:
      'Admins only. For the credit whose payer typed the reference wrong: settles a pending `bank_transfer` request of the same mode, currency and ' +
      'amount as the import would have (credit, ledger entries, `payment.succeeded`), and marks the line matched, in one database transaction, ' +
      'audited (`bank_statement_line.matched`). Of concurrent decisions on one line one wins; the others are `409 line_not_unmatched`.',
  })
  @ApiParam(LINE_ID)
  @ApiOkResponse({ type: BankStatementLineResponseDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'bank_statement_line_not_found', 'payment_not_found', 'amount_mismatch', 'request_not_open', 'line_not_unmatched')
  match(@CurrentUser() caller: AuthenticatedUser, @Param('line_id') lineId: string, @Body() body: MatchBankStatementLineRequestDto): Promise<BankStatementLineResponseDto> {
    return this.inbox.match(caller, lineId, body.payment_id);
  }

  @RequiresScope('payments:write')
  @Post(':line_id/ignore')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'ignoreBankStatementLine',
    summary: 'Set an unmatched line aside, with the reason',
    description: 'Admins only. The money stays unsettled (returned or booked by other means); audited (`bank_statement_line.ignored`). One winner as for match.',
  })
  @ApiParam(LINE_ID)
  @ApiOkResponse({ type: BankStatementLineResponseDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'bank_statement_line_not_found', 'line_not_unmatched')
  ignore(@CurrentUser() caller: AuthenticatedUser, @Param('line_id') lineId: string, @Body() body: IgnoreBankStatementLineRequestDto): Promise<BankStatementLineResponseDto> {
    return this.inbox.ignore(caller, lineId, body.reason);
  }
}
