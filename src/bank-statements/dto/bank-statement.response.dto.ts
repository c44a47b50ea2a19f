import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.dto';
import { BankStatement, STATEMENT_STATUSES, StatementStatus } from '../entities/bank-statement.entity';
import { ReconciliationReportDto, SkippedCountsDto } from './reconciliation-report.response.dto';

export class BankStatementResponseDto {
  @ApiProperty({ example: 'stm_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: 'camt.053.001.08' })
  format: string;

  @ApiProperty({ example: true })
  livemode: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'CH9300762011623852957' })
  account: string | null;

  @ApiProperty({
    enum: STATEMENT_STATUSES,
    example: 'completed',
    description: '`incomplete`: the database failed part-way (the import answered 503); importing the statement again completes it.',
  })
  status: StatementStatus;

  @ApiProperty({ type: 'integer', example: 2 })
  lines: number;

  @ApiProperty({ type: 'integer', example: 1 })
  matched_count: number;

  @ApiProperty({ type: 'integer', example: 1 })
  unmatched_count: number;

  @ApiProperty({ type: SkippedCountsDto })
  skipped: SkippedCountsDto;

  @ApiProperty({ type: String, nullable: true, example: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  imported_by: string | null;

  @ApiProperty({ example: '2026-11-28T09:30:00.000Z' })
  imported_at: string;

  @ApiPropertyOptional({
    type: ReconciliationReportDto,
    nullable: true,
    description: 'The report the import answered (`GET /v1/bank_statements/{id}` only; null while incomplete).',
  })
  report?: ReconciliationReportDto | null;
}

export class BankStatementPageDto extends PageOf(BankStatementResponseDto) {}

export function toStatementResponse(statement: BankStatement, withReport: boolean): BankStatementResponseDto {
  return {
    id: statement.id,
    format: statement.format,
    livemode: statement.livemode,
    account: statement.account,
    status: statement.status,
    lines: statement.lineCount,
    matched_count: statement.matchedCount,
    unmatched_count: statement.unmatchedCount,
    skipped: {
      debits: statement.skippedDebits,
      not_booked: statement.skippedNotBooked,
      reversals: statement.skippedReversals,
      zero_amounts: statement.skippedZeroAmounts,
    },
    imported_by: statement.importedBy,
    imported_at: statement.importedAt.toISOString(),
    ...(withReport ? { report: statement.report === null ? null : withPayouts(JSON.parse(statement.report) as Partial<ReconciliationReportDto>) } : {}),
  };
}

/** A report stored before payouts existed has no payout lists: they were empty. */
function withPayouts(report: Partial<ReconciliationReportDto>): ReconciliationReportDto {
  return { ...report, payouts_paid: report.payouts_paid ?? [], payouts_returned: report.payouts_returned ?? [] } as ReconciliationReportDto;
}
