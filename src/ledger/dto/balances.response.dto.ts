import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NewEvent } from '../../common/events/event-log';
import { ChangedBalance, StoredBalance } from '../ledger.repository';
import { balanceFigures } from '../posting';

const MINOR_UNITS = { type: 'integer', format: 'int64' } as const;

export class BalanceDto {
  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({ ...MINOR_UNITS, example: 12000, description: 'Posted credits - posted debits, in minor units; may be negative.' })
  posted: number;

  @ApiPropertyOptional({ ...MINOR_UNITS, example: 9500, description: '`posted` + pending credits - pending debits. Absent with `as_of`.' })
  pending?: number;

  @ApiPropertyOptional({
    ...MINOR_UNITS,
    example: 7000,
    description: '`posted` - pending debits: what a new debit may use on an account whose overdraft is `forbidden`. Absent with `as_of`.',
  })
  available?: number;

  @ApiPropertyOptional({ example: '2026-11-21T10:15:30.123Z', description: 'When an entry last changed this balance. Absent with `as_of`.' })
  updated_at?: string;
}

export class BalancesResponseDto {
  @ApiProperty({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  account_id: string;

  @ApiPropertyOptional({ example: '2026-11-01T00:00:00.000Z', description: 'Present when the balances are as of that instant.' })
  as_of?: string;

  @ApiProperty({ type: [BalanceDto], description: 'One per currency the account has ever used, sorted by currency.' })
  balances: BalanceDto[];
}

export function toBalanceDto(balance: StoredBalance): BalanceDto {
  return { currency: balance.currency, ...balanceFigures(balance), updated_at: balance.updatedAt.toISOString() };
}

/** A balance as its `balance.updated` event shows it: one row of GET /v1/account/balances, with its account. */
export class BalanceEventObjectDto extends BalanceDto {
  @ApiProperty({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  account_id: string;
}

/** The `balance.updated` events of the balances a change left behind, each in its account's stream. */
export function balanceUpdatedEvents(balances: readonly ChangedBalance[]): NewEvent[] {
  return balances.map((balance) => {
    const object: BalanceEventObjectDto = { account_id: balance.accountId, ...toBalanceDto(balance) };
    return { type: 'balance.updated', accountId: balance.accountId, object };
  });
}
