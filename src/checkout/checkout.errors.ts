import { DomainError } from '../common/errors/domain-error';

export const CheckoutErrors = {
  /** An unknown or malformed token: the same answer, so that tokens cannot be probed. */
  pageNotFound: () => new DomainError('payment_not_found', 'This payment link is not valid. Check the address, or ask the merchant for a new link.'),
  forged: () => new DomainError('insufficient_permissions', 'This payment form was not sent from this page. Reload the page and try again.'),
};
