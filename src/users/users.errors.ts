import { DomainError, validationError } from '../common/errors/domain-error';

export const UserErrors = {
  notFound: () => new DomainError('user_not_found', 'No such user.'),
  emailTaken: () => new DomainError('email_already_registered', 'A user with this email already exists.'),
  ownsAccount: () => new DomainError('user_owns_account', 'The user owns an open account; close the account before deleting its owner.'),
  weakPassword: (problem: string, field = 'password') => validationError(field, problem),
  tokenInvalid: () => new DomainError('token_invalid', 'The link is not valid: it was used already, it expired, a newer one replaced it, or it was mistyped.'),
  emailAlreadyVerified: () => new DomainError('email_already_verified', 'Your email address is verified and no change waits for confirmation: there is nothing to send.'),
  currentPasswordRequired: () => validationError('current_password', 'is required to change your own password or email'),
};
