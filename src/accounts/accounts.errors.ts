import { DomainError } from '../common/errors/domain-error';

export const AccountErrors = {
  notFound: () => new DomainError('account_not_found', 'No such account.'),
  alreadyExists: () => new DomainError('account_already_exists', 'The user already belongs to an account.'),
  closed: () => new DomainError('account_closed', 'The account is closed.'),
};
