import { PaymentFailureCode, PaymentPurpose } from '../../payments/entities/payment-request.entity';
import { SANDBOX_TEST_CARDS } from '../../payments/providers/sandbox-cards';
import { CheckoutView } from '../checkout.service';
import { formatAmount, formatInstant } from './format';
import { html, SafeHtml, styleElement } from './html';
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
  ${form === null ? stateOf(view) : cardForm(view, amount, form)}
  <p class="sandbox">Sandbox checkout: no real card is charged.</p>
</main>`,
  );
}

function cardForm(view: CheckoutView, amount: string, form: CardFormState): SafeHtml {
  const invalid = form.error !== undefined;
  const action = view.payment.captureMethod === 'manual' ? `Authorize ${amount}` : `Pay ${amount}`;
  return html`<form method="post">
    <input type="hidden" name="anti_forgery" value="${form.antiForgery}">
    <label for="card-number">Card number</label>
    <input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="40" required
      value="${form.cardNumber ?? ''}" aria-describedby="${invalid ? 'card-error card-help' : 'card-help'}"${invalid ? html` aria-invalid="true" autofocus` : null}>
    ${invalid ? html`<p id="card-error" class="error" role="alert">${form.error}</p>` : null}
    <button type="submit">${action}</button>
    <div id="card-help" class="help">
      <p>Sandbox test cards:</p>
      <ul>${SANDBOX_TEST_CARDS.map((card) => html`<li><code>${card.number}</code> ${card.result}</li>`)}</ul>
    </div>
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
      return state('canceled', 'Payment unavailable', 'This payment cannot be made on this page.');
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
