import { ApiProperty } from '@nestjs/swagger';
import { UNMATCHED_REASONS, UnmatchedReason } from '../entities/bank-statement-line.entity';

export class MatchedLineDto {
  @ApiProperty({ example: 'bsl_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'The line in the reconciliation inbox (`GET /v1/bank_statement_lines`).' })
  line_id: string;

  @ApiProperty({
    example: '2026112500017',
    description: "The line's identity: the bank's id where it gives one unique to the line, else `derived:` and a hash of what the line says.",
  })
  entry_id: string;

  @ApiProperty({ example: 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'The payment request this line settled.' })
  payment_id: string;
}

export class LineReportDto {
  @ApiProperty({ example: 'bsl_01JDQ4Z8X9T2M3N4P5Q6R7S8TA' })
  line_id: string;

  @ApiProperty({ example: 'derived:mzxw6ytboi2b3kq7xg4d5v6w7y' })
  entry_id: string;

  @ApiProperty({
    enum: UNMATCHED_REASONS,
    example: 'amount_mismatch',
    description:
      '`no_such_reference`: no bank-transfer request of the statement’s mode has the RF reference it quotes (or it quotes none); `amount_mismatch`, ' +
      '`currency_mismatch`: the request asks for another amount or currency; `already_settled`: the request was paid already (also every line ' +
      'imported before that settled it); `request_not_open`: the request was canceled, failed or expired; `unsupported_currency`: the platform ' +
      'holds no money in that currency. Unmatched lines wait in the inbox: match them to a request by hand, or ignore them.',
  })
  reason: UnmatchedReason;
}

export class SkippedCountsDto {
  @ApiProperty({ type: 'integer', example: 3 })
  debits: number;

  @ApiProperty({ type: 'integer', example: 0, description: 'Entries not booked yet (PDNG, INFO, FUTR).' })
  not_booked: number;

  @ApiProperty({ type: 'integer', example: 0, description: 'Reversals, whatever their direction (camt RvslInd, MT940 RC/RD).' })
  reversals: number;

  @ApiProperty({ type: 'integer', example: 0 })
  zero_amounts: number;
}

/** A payout the statement settled (contract section 23). */
export class PayoutLineReportDto {
  @ApiProperty({ example: 'po_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'The payout its end-to-end id names.' })
  payout_id: string;

  @ApiProperty({ type: String, nullable: true, example: '2026112500042', description: "The bank's id of the transaction (AcctSvcrRef), null when it gives none." })
  entry_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: "A return's reason code (e.g. `AC04`); null for a paid payout." })
  reason: string | null;
}

/** What an import did, line by line. */
export class ReconciliationReportDto {
  @ApiProperty({ example: 'stm_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  statement_id: string;

  @ApiProperty({ example: true, description: 'The mode it was imported for (`?mode=`): it settles only requests of that mode.' })
  livemode: boolean;

  @ApiProperty({ example: 'camt.053.001.08', description: 'What was read: `camt.053.001.NN`, `camt.054.001.NN`, `mt940`, `csv` or `csv:<profile>`.' })
  format: string;

  @ApiProperty({ type: String, nullable: true, example: 'CH9300762011623852957', description: 'The account the statement is for, where the format says.' })
  account: string | null;

  @ApiProperty({ type: 'integer', example: 2, description: 'Credit lines read, one per transaction (a batch entry gives one per transaction).' })
  lines: number;

  @ApiProperty({ type: MatchedLineDto, isArray: true })
  matched: MatchedLineDto[];

  @ApiProperty({ type: LineReportDto, isArray: true })
  unmatched: LineReportDto[];

  @ApiProperty({ type: SkippedCountsDto, description: 'What was read and is not a credit to match: counted, never a reason to refuse the file.' })
  skipped: SkippedCountsDto;

  @ApiProperty({
    type: PayoutLineReportDto,
    isArray: true,
    description: 'Booked debits whose `EndToEndId` names an in_transit payout of the same amount: now `paid` (their debits posted). Also counted in `skipped.debits`.',
  })
  payouts_paid: PayoutLineReportDto[];

  @ApiProperty({
    type: PayoutLineReportDto,
    isArray: true,
    description: 'Returns (credits with return information naming a payout): now `returned`, the amount booked back. Not credit lines to match.',
  })
  payouts_returned: PayoutLineReportDto[];
}
