import { Account } from '../accounts/entities/account.entity';
import { AuthToken } from '../auth/entities/auth-token.entity';
import { Session } from '../auth/entities/session.entity';
import { User } from '../users/entities/user.entity';
import { InitialSchema1763690000000 } from './migrations/1763690000000-initial-schema';

/** Every entity of the service; the migrations below must create exactly this schema. */
export const ENTITIES = [User, Account, Session, AuthToken];

/** In the order they run. */
export const MIGRATIONS = [InitialSchema1763690000000];
