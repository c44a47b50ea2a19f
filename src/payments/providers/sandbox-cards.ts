import { PaymentAttempt } from '../payment-status';

/** The sandbox's test cards (contract section 12), as the checkout page lists them. */
export const SANDBOX_TEST_CARDS: readonly { number: string; result: string; attempt: PaymentAttempt }[] = [
  { number: '4242 4242 4242 4242', result: 'succeeds (authorizes, for manual capture)', attempt: { outcome: 'approved' } },
  { number: '4000 0000 0000 0002', result: 'is declined', attempt: { outcome: 'refused', failureCode: 'card_declined' } },
  { number: '4000 0000 0000 9995', result: 'fails for insufficient funds', attempt: { outcome: 'refused', failureCode: 'insufficient_funds' } },
];

const BY_DIGITS = new Map(SANDBOX_TEST_CARDS.map((card) => [card.number.replace(/ /g, ''), card.attempt]));

/** The attempt a card number makes in the sandbox: a test card's, or not accepted. Spaces and dashes are ignored. */
export function sandboxAttempt(cardNumber: string): PaymentAttempt {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return BY_DIGITS.get(digits) ?? { outcome: 'card_not_accepted', message: 'The sandbox takes only its test cards: use one of the numbers listed on this page.' };
}
