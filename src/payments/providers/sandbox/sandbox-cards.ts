import { PaymentAttempt } from '../payment-provider';

/**
 * The sandbox's test cards (contract section 12), as the checkout page lists them. A decline
 * is not final: the customer may try another card (section 16).
 */
export const SANDBOX_TEST_CARDS: readonly { number: string; result: string; attempt: PaymentAttempt }[] = [
  { number: '4242 4242 4242 4242', result: 'succeeds (authorizes, for manual capture)', attempt: { outcome: 'approved' } },
  { number: '4000 0000 0000 0002', result: 'is declined', attempt: { outcome: 'declined', failureCode: 'card_declined', final: false } },
  { number: '4000 0000 0000 9995', result: 'is declined for insufficient funds', attempt: { outcome: 'declined', failureCode: 'insufficient_funds', final: false } },
];

const BY_DIGITS = new Map(SANDBOX_TEST_CARDS.map((card) => [digitsOf(card.number), card.attempt]));

function digitsOf(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/** The attempt a card number makes in the sandbox: a test card's, or not accepted. Spaces and dashes are ignored. */
export function sandboxAttempt(cardNumber: string): PaymentAttempt {
  return BY_DIGITS.get(digitsOf(cardNumber)) ?? { outcome: 'card_not_accepted', message: 'The sandbox takes only its test cards: use one of the numbers listed on this page.' };
}

/** One of the sandbox's test card numbers: never real money, whichever page it is typed on. */
export function isSandboxTestCard(cardNumber: string): boolean {
  return BY_DIGITS.has(digitsOf(cardNumber));
}
