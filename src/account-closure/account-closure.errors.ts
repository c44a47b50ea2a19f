import { DomainError } from '../common/errors/domain-error';

export const AccountClosureErrors = {
  payoutsInTransit: (count: number) =>
    new DomainError(
      'account_has_payouts_in_transit',
      `The account has ${count} payout${count === 1 ? '' : 's'} in transit (in a batch file the bank is executing); it can be closed once the bank statement settles them.`,
    ),
};
