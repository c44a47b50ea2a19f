import { ApiPropertyOptional } from '@nestjs/swagger';
import { TargetAccountQueryDto } from '../../accounts/dto/account-query.dto';
import { IsInstant, IsOmittable } from '../../common/validation/fields';

export class BalancesQueryDto extends TargetAccountQueryDto {
  @ApiPropertyOptional({
    format: 'date-time',
    description: 'The posted balance of each currency as it stood at this instant (ISO 8601): every entry posted at or before it.',
  })
  @IsOmittable()
  @IsInstant()
  as_of?: string;
}
