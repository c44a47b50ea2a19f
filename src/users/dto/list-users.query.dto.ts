import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { IsOmittable, MaxChars } from '../../common/validation/fields';
import { PaginationQueryDto } from '../../common/pagination/pagination-query.dto';
import { USER_ROLES, UserRole } from '../../common/access/caller';

export class ListUsersQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ description: 'Exact email (case-insensitive).' })
  @IsOmittable()
  @IsString()
  @MaxChars(254)
  email?: string;

  @ApiPropertyOptional({ enum: USER_ROLES, description: 'Only users with this role.' })
  @IsOmittable()
  @IsIn(USER_ROLES)
  role?: UserRole;
}
