import { ApiProperty } from '@nestjs/swagger';
import { UNSETTLED_REASONS, UnsettledReason } from '../../payments/payment-settlement';

export class MatchedLineDto {
  @ApiProperty({ example: '2026112500017', description: "The bank's entry id (camt.053: AcctSvcrRef, else NtryRef; CSV: entry_id)." })
  entry_id: string;

  @ApiProperty({ example: 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'The payment request this line settled.' })
  payment_id: string;
}

export class UnmatchedLineDto {
  @ApiProperty({ example: '2026112500018' })
  entry_id: string;

  @ApiProperty({
    enum: UNSETTLED_REASONS,
    example: 'amount_mismatch',
    description:
      '`no_such_reference`: no bank-transfer request has the RF reference it quotes (or it quotes none); `amount_mismatch`, `currency_mismatch`: ' +
      'the request asks for another amount or currency; `already_settled`: the request was paid already (also every line of an entry imported before ' +
      'that settled it); `request_not_open`: the request was canceled, failed or expired. Unmatched money is for you to return or book by hand.',
  })
  reason: UnsettledReason;
}

/** What an import did, line by line. */
export class ReconciliationReportDto {
  @ApiProperty({ example: 'stm_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  statement_id: string;

  @ApiProperty({ type: 'integer', example: 2, description: 'Credit lines read (debit entries are ignored and not reported).' })
  lines: number;

  @ApiProperty({ type: MatchedLineDto, isArray: true })
  matched: MatchedLineDto[];

  @ApiProperty({ type: UnmatchedLineDto, isArray: true })
  unmatched: UnmatchedLineDto[];
}
