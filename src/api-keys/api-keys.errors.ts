import { AccessErrors } from '../common/access/access.errors';
import { DomainError } from '../common/errors/domain-error';

export const ApiKeyErrors = {
  notFound: () => new DomainError('api_key_not_found', 'No such API key.'),
  unauthorized: () => AccessErrors.unauthorized('The API key is not valid (unknown, revoked, expired or rolled).'),
  notActive: (state: 'revoked' | 'expired') => new DomainError('api_key_not_active', `The API key is ${state}: it cannot be rolled (create a new key instead).`),
  accountClosed: () => new DomainError('account_closed', "The API key's account is closed."),
  insufficientPermissions: AccessErrors.insufficientPermissions,
  invalid: (field: string, message: string) => new DomainError('validation_error', message, [{ field, message }]),
};
