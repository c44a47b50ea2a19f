import { AccessErrors } from '../common/access/access.errors';
import { DomainError } from '../common/errors/domain-error';

export const AccountErrors = {
  notFound: AccessErrors.accountNotFound,
  alreadyExists: () => new DomainError('account_already_exists', 'The user already belongs to an account.'),
  closed: () => new DomainError('account_closed', 'The account is closed.'),
  overdrawn: (currencies: string[]) =>
    new DomainError(
      'insufficient_funds',
      `The account's available ${currencies.join(', ')} balance is below zero: it can forbid overdrafts once it is not (credit the account, or cancel pending debits).`,
    ),
};
