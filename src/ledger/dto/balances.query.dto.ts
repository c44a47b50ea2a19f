import { ApiPropertyOptional } from '@nestjs/swagger';
import { TargetAccountQueryDto } from '../../accounts/dto/account-query.dto';
import { IsInstant, IsOmittable } from '../../common/validation/fields';
import { instantDescription } from '../../common/validation/instant';

export class BalancesQueryDto extends TargetAccountQueryDto {
  @ApiPropertyOptional({
    format: 'date-time',
    description: instantDescription('The posted balance of each currency as it stood at this instant: every entry posted at or before it.'),
  })
  @IsOmittable()
  @IsInstant()
  as_of?: string;
}
