import { SetMetadata } from '@nestjs/common';

export const VERIFIED_EMAIL_REQUIRED = 'auth:verified-email';

/**
 * With REQUIRE_VERIFIED_EMAIL=true, a person whose email is unverified gets `403 email_not_verified` here (contract
 * section 22): the operations that create accounts, keys, webhook endpoints, transactions and payment requests.
 */
export const RequiresVerifiedEmail = () => SetMetadata(VERIFIED_EMAIL_REQUIRED, true);
