import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { DISPLAY_NAME_SCHEMA, EMAIL_SCHEMA, IsDisplayName, IsEmailAddress, IsJsonObject, IsOmittable, MaxChars } from '../../common/validation/fields';
import { Mode, MODES } from '../../config/modes';
import { AccountPreferences, OVERDRAFT_POLICIES, OverdraftPolicy, ACCOUNT_TYPES, AccountType } from '../entities/account.entity';

/** The body /docs offers: it works as it is for a user without an account. */
export const CREATE_ACCOUNT_EXAMPLES = {
  business: {
    summary: 'A business account',
    value: { type: 'business', name: 'Analytical Engines Ltd', email: 'billing@example.com', overdraft: 'allowed', preferences: { locale: 'en-GB' } },
  },
};

export class CreateAccountRequestDto {
  @ApiProperty({ enum: ACCOUNT_TYPES, example: 'business' })
  @IsIn(ACCOUNT_TYPES)
  type: AccountType;

  @ApiProperty({ example: 'Analytical Engines Ltd', ...DISPLAY_NAME_SCHEMA })
  @IsDisplayName()
  name: string;

  @ApiProperty({ ...EMAIL_SCHEMA, example: 'billing@example.com' })
  @IsEmailAddress()
  email: string;

  @ApiPropertyOptional({
    enum: OVERDRAFT_POLICIES,
    description: 'Default `allowed`. `forbidden` refuses a debit above the available balance of its currency (`409 insufficient_funds`); `allowed` lets balances go negative.',
  })
  @IsOmittable()
  @IsIn(OVERDRAFT_POLICIES)
  overdraft?: OverdraftPolicy;

  @ApiPropertyOptional({
    enum: MODES,
    description:
      "Admins only: `live` (real money) or `test` (the sandbox). Default: the deployment's ACCOUNTS_DEFAULT_MODE (`test`, or `live` in production). " +
      'Fixed at creation. Anyone else may leave it out or name the default; another mode is `403 insufficient_permissions`.',
  })
  @IsOmittable()
  @IsIn(MODES)
  mode?: Mode;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { locale: 'en-GB', statement_day: 1 },
    description: 'Client-defined settings: at most 50 keys and 8 KiB of JSON.',
  })
  @IsOmittable()
  @IsJsonObject()
  preferences?: AccountPreferences;

  @ApiPropertyOptional({ description: 'Admins only: the user (`usr_...`) who will own the account (default: the caller). Members leave it out.' })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  owner_user_id?: string;
}
