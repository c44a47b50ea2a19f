import { PaymentFailureCode, PaymentPurpose } from '../../payments/entities/payment-request.entity';
import { PaymentInstructions } from '../../payments/providers/payment-provider';
import { CheckoutView } from '../checkout.service';
import { formatAmount, formatInstant } from './format';
import { html, SafeHtml, styleElement } from '../../common/html/html';
import { STYLESHEET } from './stylesheet';

/** What the form shows after a card was not taken: the message, and what the customer typed. */
export interface CardFormState {
  antiForgery: string;
  error?: string;
  cardNumber?: string;
}

const PURPOSES: Record<PaymentPurpose, string> = { product: 'Purchase', subscription: 'Subscription', invoice: 'Invoice' };
const FAILURES: Record<PaymentFailureCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card was declined for insufficient funds.',
  test_card_in_live_mode: 'This is a test card number: it cannot pay a real payment. Use a real card.',
};

function layout(title: string, content: SafeHtml): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
${styleElement(STYLESHEET)}
</head>
<body>
${content}
</body>
</html>
`;
}

/** The payment page: what is asked for, then the card form (pending) or the request's state. */
export function paymentPage(view: CheckoutView, form: CardFormState | null): SafeHtml {
  const { payment } = view;
  const amount = formatAmount(payment.amount, payment.currency);
  return layout(
    `${view.merchantName}: ${amount}`,
    html`<main aria-labelledby="amount">
  <p class="merchant">${view.merchantName}</p>
  <h1 id="amount">${amount}</h1>
  ${payment.description === null ? null : html`<p class="description">${payment.description}</p>`}
  <dl>
    <dt>For</dt><dd>${PURPOSES[payment.purpose]}${payment.referenceId === null ? null : html` · ${payment.referenceId}`}</dd>
    <dt>Billed to</dt><dd>${payment.customerEmail}</dd>
    <dt>Currency</dt><dd>${payment.currency}</dd>
    <dt>${view.status === 'expired' ? 'Expired' : 'Pay by'}</dt><dd><time datetime="${payment.expiresAt.toISOString()}">${formatInstant(payment.expiresAt)}</time></dd>
  </dl>
  ${howToPay(view, amount, form)}
  ${payment.livemode ? null : html`<p class="sandbox">Test mode: no real money moves.</p>`}
</main>`,
  );
}

/** A pending request: what its provider asks for (a card, a bank transfer); any other: its state. */
function howToPay(view: CheckoutView, amount: string, form: CardFormState | null): SafeHtml {
  const instructions = view.status === 'pending' ? view.instructions : null;
  if (instructions?.kind === 'bank_transfer') return bankTransfer(instructions, amount);
  if (instructions?.kind === 'card_form' && form !== null) return cardForm(view, amount, form, instructions.testCards);
  return stateOf(view);
}

function bankTransfer(instructions: Extract<PaymentInstructions, { kind: 'bank_transfer' }>, amount: string): SafeHtml {
  return html`<section class="bank-transfer" aria-labelledby="bank-title">
    <h2 id="bank-title">Pay by bank transfer</h2>
    <p>Transfer exactly ${amount} to this account, quoting the reference exactly: it is how your payment is recognised.</p>
    <dl>
      <dt>Beneficiary</dt><dd>${instructions.beneficiary}</dd>
      <dt>IBAN</dt><dd><code>${instructions.iban.replace(/(.{4})(?=.)/g, '$1 ')}</code></dd>
      <dt>BIC</dt><dd><code>${instructions.bic}</code></dd>
      <dt>Amount</dt><dd>${amount}</dd>
      <dt>Reference</dt><dd><code id="payment-reference">${instructions.reference}</code></dd>
    </dl>
    <p class="help">This page shows the payment as received once your bank's transfer arrives, usually within one to two business days.</p>
  </section>`;
}

function cardForm(view: CheckoutView, amount: string, form: CardFormState, testCards: readonly { number: string; result: string }[]): SafeHtml {
  // A declined attempt (this submit's, or an earlier one shown on a reload) asks for another card.
  const declined = view.payment.lastFailureCode === null ? undefined : `${FAILURES[view.payment.lastFailureCode]} Try another card.`;
  const error = form.error ?? declined;
  const invalid = error !== undefined;
  const action = view.payment.captureMethod === 'manual' ? `Authorize ${amount}` : `Pay ${amount}`;
  return html`<form method="post">
    <input type="hidden" name="anti_forgery" value="${form.antiForgery}">
    <label for="card-number">Card number</label>
    <input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="40" required
      value="${form.cardNumber ?? ''}" aria-describedby="${[invalid ? 'card-error' : '', testCards.length === 0 ? '' : 'card-help'].join(' ').trim()}"${invalid ? html` aria-invalid="true" autofocus` : null}>
    ${invalid ? html`<p id="card-error" class="error" role="alert">${error}</p>` : null}
    <button type="submit">${action}</button>
    ${
      testCards.length === 0
        ? null
        : html`<div id="card-help" class="help">
      <p>Test cards:</p>
      <ul>${testCards.map((card) => html`<li><code>${card.number}</code> ${card.result}</li>`)}</ul>
    </div>`
    }
  </form>`;
}

function stateOf(view: CheckoutView): SafeHtml {
  const { payment } = view;
  switch (view.status) {
    case 'succeeded':
      return state('succeeded', 'Payment received', `Paid on ${formatInstant(payment.paidAt ?? payment.updatedAt)}. Thank you; you can close this page.`);
    case 'authorized':
      return state('authorized', 'Payment authorized', `${view.merchantName} will charge your card when your order is confirmed. Nothing more to do here.`);
    case 'failed':
      return state('failed', 'Payment failed', `${FAILURES[payment.failureCode ?? 'card_declined']} Ask ${view.merchantName} for a new payment link to try again.`);
    case 'canceled':
      return state('canceled', 'Payment request canceled', `${view.merchantName} canceled this payment request; nothing was charged.`);
    case 'expired':
      return state('expired', 'Payment request expired', `This request could be paid until ${formatInstant(payment.expiresAt)}. Ask ${view.merchantName} for a new link.`);
    case 'pending':
      return state('canceled', 'Payment unavailable', `This payment cannot be made on this page now. Ask ${view.merchantName} how else to pay.`);
  }
}

function state(kind: string, title: string, message: string): SafeHtml {
  return html`<section class="state state-${kind}" role="status" aria-labelledby="state-title">
    <h2 id="state-title">${title}</h2>
    <p>${message}</p>
  </section>`;
}

/** An error page: what happened and what the customer can do, with the request id to quote. */
export function errorPage(title: string, message: string, requestId: string): SafeHtml {
  return layout(
    title,
    html`<main aria-labelledby="title">
  <h1 id="title">${title}</h1>
  <p>${message}</p>
  <footer><p>Reference: <code>${requestId}</code></p></footer>
</main>`,
  );
}
