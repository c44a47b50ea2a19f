import { SetMetadata } from '@nestjs/common';
import { UserRole } from '../../common/access/caller';

export const REQUIRED_ROLES = 'auth:roles';

/** Restricts a handler (or, when the handler says nothing, a controller) to the given roles. */
export const Roles = (...roles: UserRole[]) => SetMetadata(REQUIRED_ROLES, roles);
