import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { DIFFERENCE_KINDS, DifferenceKind, INVARIANT_NAMES, InvariantName } from '../invariants';

export class LedgerDifferenceDto {
  @ApiProperty({ enum: INVARIANT_NAMES, example: 'balances_equal_entries', description: 'The invariant it breaks.' })
  invariant: InvariantName;

  @ApiProperty({ enum: DIFFERENCE_KINDS, example: 'balance_mismatch' })
  kind: DifferenceKind;

  @ApiPropertyOptional({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  account_id?: string;

  @ApiPropertyOptional({ example: 'EUR' })
  currency?: string;

  @ApiPropertyOptional({ example: 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  transaction_id?: string;

  @ApiPropertyOptional({ example: 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  payment_id?: string;

  @ApiPropertyOptional({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'An event stream: the account it belongs to, or `platform`.' })
  stream?: string;

  @ApiPropertyOptional({ example: 'posted' })
  field?: string;

  @ApiPropertyOptional({ type: 'integer', format: 'int64', example: 12000, description: 'What the invariant requires (for a balance: what its entries add up to).' })
  expected?: number;

  @ApiPropertyOptional({ type: 'integer', format: 'int64', example: 11000, description: 'What is stored.' })
  actual?: number;

  @ApiProperty({ example: 'the stored posted differs from the sum of the entries' })
  description: string;
}

export class CurrencyTotalsDto {
  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({ type: 'integer', format: 'int64', example: 150000 })
  posted_debits: number;

  @ApiProperty({ type: 'integer', format: 'int64', example: 150000 })
  posted_credits: number;

  @ApiProperty({ type: 'integer', format: 'int64', example: 2500 })
  pending_debits: number;

  @ApiProperty({ type: 'integer', format: 'int64', example: 2500 })
  pending_credits: number;
}

export class InvariantResultDto {
  @ApiProperty({ enum: INVARIANT_NAMES, example: 'credits_given_back_within_amount' })
  name: InvariantName;

  @ApiProperty({ example: 'No payment or credit is given back beyond its amount.' })
  description: string;

  @ApiProperty({ example: true })
  ok: boolean;

  @ApiProperty({ type: 'integer', example: 0, description: 'How many differences break it (the report lists the first 100 of all).' })
  difference_count: number;

  @ApiProperty({ type: 'integer', example: 412, description: 'How long checking it took, in milliseconds.' })
  duration_ms: number;
}

export class LedgerCheckReportDto {
  @ApiProperty({ example: true, description: 'True when nothing differs.' })
  ok: boolean;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  checked_at: string;

  @ApiProperty({ type: 'integer', example: 2000000 })
  entries_checked: number;

  @ApiProperty({ type: 'integer', example: 600 })
  balances_checked: number;

  @ApiProperty({ type: [CurrencyTotalsDto], description: 'Per currency, the sums of debits and credits (canceled entries left out).' })
  currencies: CurrencyTotalsDto[];

  @ApiProperty({ type: [InvariantResultDto], description: 'Each invariant of contract section 20, checked, in the order checked.' })
  invariants: InvariantResultDto[];

  @ApiProperty({ type: 'integer', example: 0 })
  difference_count: number;

  @ApiProperty({ type: [LedgerDifferenceDto], description: 'The first 100 differences.' })
  differences: LedgerDifferenceDto[];
}
