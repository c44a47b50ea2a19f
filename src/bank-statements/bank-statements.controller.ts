import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { ApiBodyErrors } from '../common/swagger/api-errors.decorator';
import { BankStatementErrors, BankStatementsService } from './bank-statements.service';
import { CAMT053_EXAMPLE, CSV_EXAMPLE } from './dto/statement-examples';
import { ReconciliationReportDto } from './dto/reconciliation-report.response.dto';
import { StatementBody } from './statement-body';
import { RequiresScope } from '../auth/decorators/scope.decorator';

/** The route whose body is a statement (XML or CSV), not JSON: the pipeline's parser reads those here only. */
export const BANK_STATEMENTS_ROUTE = '/v1/bank_statements';

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
      'Admins only. The body is the statement itself: ISO 20022 camt.053 XML (`Content-Type: application/xml`) or CSV (`text/csv`, header ' +
      '`booking_date,amount,currency,reference,entry_id`, amounts in major units, negative for debits), up to 20 MiB. Each credit line that quotes ' +
      "an open `bank_transfer` request's RF reference with its amount and currency settles it as a card payment does (posted credit, ledger entries, " +
      "`payment.succeeded`), one database transaction per line. Lines are kept by the bank's entry id: importing a statement again settles nothing " +
      'twice, also when two imports race, so no Idempotency-Key is needed. A malformed statement is `400 validation_error` naming the line, and ' +
      'nothing of it is applied. The answer is the reconciliation report.',
    requestBody: {
      required: true,
      content: {
        'application/xml': { schema: { type: 'string' }, examples: { camt053: { summary: 'A camt.053 statement with one credit and one debit', value: CAMT053_EXAMPLE } } },
        'text/csv': { schema: { type: 'string' }, examples: { csv: { summary: 'The same lines as CSV', value: CSV_EXAMPLE } } },
      },
    },
  })
  @ApiOkResponse({ type: ReconciliationReportDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'unsupported_media_type', 'payload_too_large')
  import(@CurrentUser() caller: AuthenticatedUser, @Body() body: StatementBody | Record<string, unknown> | undefined): Promise<ReconciliationReportDto> {
    if (!(body instanceof StatementBody)) throw BankStatementErrors.unsupportedMediaType();
    return this.statements.import(caller, body);
  }
}
