import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.dto';
import { isLive, Mode, MODES } from '../../config/modes';
import { Account, AccountPreferences, ACCOUNT_STATUSES, ACCOUNT_TYPES, AccountStatus, AccountType, OVERDRAFT_POLICIES, OverdraftPolicy } from '../entities/account.entity';

export class AccountResponseDto {
  @ApiProperty({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ enum: ACCOUNT_TYPES, example: 'business' })
  type: AccountType;

  @ApiProperty({ example: 'Analytical Engines Ltd' })
  name: string;

  @ApiProperty({ example: 'billing@example.com' })
  email: string;

  @ApiProperty({ type: 'object', additionalProperties: true, example: { locale: 'en-GB', statement_day: 1 } })
  preferences: AccountPreferences;

  @ApiProperty({ enum: ACCOUNT_STATUSES, example: 'open' })
  status: AccountStatus;

  @ApiProperty({
    enum: OVERDRAFT_POLICIES,
    example: 'allowed',
    description: '`forbidden`: a debit (payment, outgoing transfer, debit adjustment) above the available balance of its currency is refused with `409 insufficient_funds`.',
  })
  overdraft: OverdraftPolicy;

  @ApiProperty({ enum: MODES, example: 'live', description: "`live`: real money; `test`: the sandbox's. Fixed at creation; money never crosses modes." })
  mode: Mode;

  @ApiProperty({ example: true, description: 'True for a live account (`mode: live`), as every resource of the account shows.' })
  livemode: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Null only if the owner of a closed account was deleted.' })
  owner_user_id: string | null;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  created_at: string;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  updated_at: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  closed_at: string | null;
}

export class AccountPageDto extends PageOf(AccountResponseDto) {}

export class CloseAccountResponseDto {
  @ApiProperty({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  account_id: string;

  @ApiProperty({ enum: ['closed'], example: 'closed' })
  status: 'closed';

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  closed_at: string;

  @ApiProperty({ type: 'integer', example: 3, description: "Active sessions of the account's users that were ended." })
  revoked_sessions: number;

  @ApiProperty({ type: 'integer', example: 0, description: 'Pending transactions that were canceled.' })
  canceled_transactions: number;

  @ApiProperty({ type: 'integer', example: 0, description: 'Open payment requests that were canceled.' })
  canceled_payments: number;
}

export function toAccountResponse(account: Account): AccountResponseDto {
  return {
    id: account.id,
    type: account.type,
    name: account.name,
    email: account.email,
    preferences: account.preferences,
    status: account.status,
    overdraft: account.overdraft,
    mode: account.mode,
    livemode: isLive(account.mode),
    owner_user_id: account.ownerUserId,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
    closed_at: account.closedAt?.toISOString() ?? null,
  };
}
