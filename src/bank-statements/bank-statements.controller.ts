import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { RequiresScope } from '../auth/decorators/scope.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { IsOmittable } from '../common/validation/fields';
import { BankStatementErrors } from './bank-statements.errors';
import { BankStatementsService } from './bank-statements.service';
import { BankStatementPageDto, BankStatementResponseDto } from './dto/bank-statement.response.dto';
import { ReconciliationReportDto } from './dto/reconciliation-report.response.dto';
import { STATEMENT_REQUEST_BODY } from './dto/statement-examples';
import { StatementBody } from './statement-body';

/** The route whose body is a statement (XML, MT940 or CSV), not JSON: the pipeline's parser reads those here only. */
export const BANK_STATEMENTS_ROUTE = '/v1/bank_statements';

export class ImportBankStatementQueryDto {
  @ApiPropertyOptional({ enum: ['live', 'test'], default: 'live', description: 'The mode the statement settles requests of.' })
  @IsOmittable()
  @IsIn(['live', 'test'])
  mode?: 'live' | 'test';

  @ApiPropertyOptional({ pattern: '^[a-z0-9][a-z0-9_-]{0,63}$', description: "A bank's CSV export: the profile that says how to read it (`POST /v1/bank_statement_profiles`)." })
  @IsOmittable()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,63}$/, { message: 'must be the name of a bank statement profile' })
  profile?: string;
}

@ApiTags('bank statements')
@Controller('v1/bank_statements')
export class BankStatementsController {
  constructor(private readonly statements: BankStatementsService) {}

  @RequiresScope('payments:write')
  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'importBankStatement',
    summary: 'Import a bank statement and settle the bank transfers it shows',
    description:
      'Admins only. The body is the statement itself, up to 20 MiB: ISO 20022 camt.053 or camt.054 XML (`.001.02` and later, any namespace prefix, ' +
      'with or without a byte-order mark; `Content-Type: application/xml`), SWIFT MT940 (`text/plain` or `application/x-mt940`), the CSV of this API ' +
      "(`text/csv`, header `booking_date,amount,currency,reference,entry_id`), or a bank's own CSV export read through a profile (`text/csv` and " +
      '`?profile=NAME`). The whole statement is read and checked before anything is applied: a malformed one is `400 validation_error` naming the line, ' +
      "and nothing of it is applied. Each booked credit (one per transaction of a batch) quoting an open `bank_transfer` request's RF reference with " +
      'its amount and currency settles it as a card payment does, one database transaction per line, in the mode `?mode=` names (default live). ' +
      'Debits, entries not booked, reversals and zero amounts are skipped and counted. Lines are kept by mode, account and entry id: importing a ' +
      'statement again, or one that repeats lines, settles nothing twice (no Idempotency-Key is needed), and an import the database stopped ' +
      'part-way (`503`) is completed by importing it again. The answer is the reconciliation report; unmatched lines wait in `GET /v1/bank_statement_lines`.',
    requestBody: STATEMENT_REQUEST_BODY,
  })
  @ApiOkResponse({ type: ReconciliationReportDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'bank_statement_profile_not_found', 'unsupported_media_type', 'payload_too_large', 'service_unavailable')
  import(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: StatementBody | Record<string, unknown> | undefined,
    @Query() query: ImportBankStatementQueryDto,
  ): Promise<ReconciliationReportDto> {
    if (!(body instanceof StatementBody)) throw BankStatementErrors.unsupportedMediaType();
    return this.statements.import(caller, body, { livemode: (query.mode ?? 'live') === 'live', profile: query.profile ?? null });
  }

  @RequiresScope('payments:read')
  @Get()
  @ApiOperation({ operationId: 'listBankStatements', summary: 'List imported bank statements', description: 'Admins only. Newest first.' })
  @ApiOkResponse({ type: BankStatementPageDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'validation_error')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: PaginationQueryDto): Promise<BankStatementPageDto> {
    return this.statements.list(caller, query);
  }

  @RequiresScope('payments:read')
  @Get(':statement_id')
  @ApiOperation({ operationId: 'getBankStatement', summary: 'Read an imported bank statement and its report', description: 'Admins only.' })
  @ApiParam({ name: 'statement_id', description: 'A bank statement id (`stm_...`).' })
  @ApiOkResponse({ type: BankStatementResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'bank_statement_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('statement_id') statementId: string): Promise<BankStatementResponseDto> {
    return this.statements.get(caller, statementId);
  }
}
