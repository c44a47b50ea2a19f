import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { DISPLAY_NAME_SCHEMA, EMAIL_SCHEMA, IsDisplayName, IsEmailAddress, IsJsonObject, IsOmittable } from '../../common/validation/fields';
import { AccountPreferences, OVERDRAFT_POLICIES, OverdraftPolicy } from '../entities/account.entity';
import { ApiRequestSchema } from '../../common/swagger/request-schemas';

/** The body /docs offers: it works as it is for the owner of an open account. */
export const UPDATE_ACCOUNT_EXAMPLES = {
  rename: { summary: 'Rename, and change a preference', value: { name: 'Analytical Engines plc', preferences: { locale: 'fr-FR' } } },
};

/** The service refuses a body that changes nothing: at least one of name, email, preferences, overdraft. */
@ApiRequestSchema({ minProperties: 1 })
export class UpdateAccountRequestDto {
  @ApiPropertyOptional({ example: 'Analytical Engines plc', ...DISPLAY_NAME_SCHEMA })
  @IsOmittable()
  @IsDisplayName()
  name?: string;

  @ApiPropertyOptional({ ...EMAIL_SCHEMA, example: 'accounts@example.com' })
  @IsOmittable()
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({
    enum: OVERDRAFT_POLICIES,
    description: '`forbidden` refuses a debit above the available balance of its currency (`409 insufficient_funds`); `allowed` lets balances go negative.',
  })
  @IsOmittable()
  @IsIn(OVERDRAFT_POLICIES)
  overdraft?: OverdraftPolicy;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { locale: 'fr-FR', statement_day: null },
    description: 'Merged key by key into the stored preferences; a key set to null is removed.',
  })
  @IsOmittable()
  @IsJsonObject()
  preferences?: AccountPreferences;
}
