import { DomainError } from '../errors/domain-error';

/** The answers of the access rules, the same in every module. */
export const AccessErrors = {
  unauthorized: (description = 'A valid access token is required.') => new DomainError('unauthorized', description),
  insufficientPermissions: (description = 'Your role does not allow this operation.') => new DomainError('insufficient_permissions', description),
  accountNotFound: () => new DomainError('account_not_found', 'No such account.'),
};
