import { DomainError } from '../common/errors/domain-error';

export const LedgerErrors = {
  insufficientFunds: (currency: string) => new DomainError('insufficient_funds', `The account does not allow overdrafts, and the debit exceeds its available ${currency} balance.`),
};
