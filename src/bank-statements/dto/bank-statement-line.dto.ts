import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { PageOf } from '../../common/pagination/page.dto';
import { PaginationQueryDto } from '../../common/pagination/pagination-query.dto';
import { CharLength, IsOmittable } from '../../common/validation/fields';
import { BankStatementLine, LINE_STATUSES, LineStatus, UNMATCHED_REASONS, UnmatchedReason } from '../entities/bank-statement-line.entity';

export class BankStatementLineResponseDto {
  @ApiProperty({ example: 'bsl_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: 'stm_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'The import that first read it.' })
  statement_id: string;

  @ApiProperty({ example: true })
  livemode: boolean;

  @ApiProperty({ enum: LINE_STATUSES, example: 'unmatched' })
  status: LineStatus;

  @ApiProperty({ enum: UNMATCHED_REASONS, nullable: true, example: 'no_such_reference', description: 'Why the import did not settle a request with it.' })
  reason: UnmatchedReason | null;

  @ApiProperty({ example: '2026112500017', description: "The bank's id of the line, or `derived:` and a hash when the bank gives none unique to it." })
  entry_id: string;

  @ApiProperty({ type: String, nullable: true, example: 'CH9300762011623852957', description: "The statement's account, where its format names it." })
  account: string | null;

  @ApiProperty({ type: 'integer', example: 42, description: 'The line of the file where it stands (0 for lines imported before this was kept).' })
  position: number;

  @ApiProperty({ example: '2026-11-25' })
  booking_date: string;

  @ApiProperty({ type: 'integer', format: 'int64', example: 4999, description: 'Minor units, positive (a credit).' })
  amount: number;

  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({ type: String, nullable: true, example: 'RF18539007547034', description: 'The RF creditor reference found in the line, electronic form.' })
  creditor_reference: string | null;

  @ApiProperty({ type: [String], example: ['E2E-2026-0042'], description: "The bank's references of the line, as written." })
  references: string[];

  @ApiProperty({ type: String, nullable: true, example: 'Invoice 2026-0042 RF18 5390 0754 7034', description: 'The free text the payer wrote.' })
  remittance: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Erika Mustermann' })
  debtor_name: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'DE89370400440532013000' })
  debtor_iban: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'The request it settled.' })
  payment_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Why an admin ignored it.' })
  ignore_reason: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'The admin who matched or ignored it by hand.' })
  resolved_by: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  resolved_at: string | null;

  @ApiProperty({ example: '2026-11-28T09:30:00.000Z' })
  created_at: string;
}

export class BankStatementLinePageDto extends PageOf(BankStatementLineResponseDto) {}

export class ListBankStatementLinesQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: LINE_STATUSES, description: 'Only lines in this state: `unmatched` is the inbox.' })
  @IsOmittable()
  @IsIn(LINE_STATUSES)
  status?: LineStatus;

  @ApiPropertyOptional({ pattern: '^stm_[0-9A-HJKMNP-TV-Z]{26}$', description: 'Only the lines this import read first.' })
  @IsOmittable()
  @IsString()
  @Matches(/^stm_[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'must be a bank statement id (stm_...)' })
  statement_id?: string;
}

export class MatchBankStatementLineRequestDto {
  @ApiProperty({ example: 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'A pending bank_transfer request of the same mode, currency and amount.' })
  @IsString()
  @CharLength(1, 40)
  payment_id: string;
}

export class IgnoreBankStatementLineRequestDto {
  @ApiProperty({ example: 'Paid twice by the customer; returned by hand on 2026-11-27.', description: 'Why it is left unsettled.' })
  @IsString()
  @CharLength(1, 500)
  @Matches(/\S/, { message: 'reason must not be blank' })
  reason: string;
}

export function toLineResponse(line: BankStatementLine): BankStatementLineResponseDto {
  return {
    id: line.id,
    statement_id: line.statementId,
    livemode: line.livemode,
    status: line.status,
    reason: line.reason,
    entry_id: line.entryId,
    account: line.account === '' ? null : line.account,
    position: line.position,
    booking_date: line.bookingDate,
    amount: line.amount,
    currency: line.currency,
    creditor_reference: line.creditorReference,
    references: JSON.parse(line.references) as string[],
    remittance: line.remittance,
    debtor_name: line.debtorName,
    debtor_iban: line.debtorIban,
    payment_id: line.paymentId,
    ignore_reason: line.ignoreReason,
    resolved_by: line.resolvedBy,
    resolved_at: line.resolvedAt?.toISOString() ?? null,
    created_at: line.createdAt.toISOString(),
  };
}
