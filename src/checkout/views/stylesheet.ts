import { createHash } from 'node:crypto';

/**
 * The checkout pages' only stylesheet, inlined in each page and allowed by its
 * hash in the Content-Security-Policy (no 'unsafe-inline', no extra request).
 * Colours meet WCAG AA contrast on their backgrounds (text 16:1, muted 7:1,
 * button 6.7:1, error 6.5:1).
 */
export const STYLESHEET = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; line-height: 1.5;
  color: #111827; background: #f3f4f6; -webkit-text-size-adjust: 100%; }
body { margin: 0; padding: 1rem; min-height: 100vh; display: flex; flex-direction: column; align-items: center; }
main { width: 100%; max-width: 30rem; margin: 1rem 0 2rem; background: #fff; border-radius: 12px;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.12), 0 8px 24px rgb(0 0 0 / 0.06); padding: 1.5rem; }
@media (min-width: 640px) { body { padding: 3rem 1rem; } main { padding: 2rem 2.25rem; } }
.merchant { margin: 0; font-size: 1rem; font-weight: 600; color: #374151; }
h1 { margin: 0.25rem 0 0.25rem; font-size: 2.25rem; line-height: 1.2; letter-spacing: -0.01em; font-variant-numeric: tabular-nums; }
h2 { margin: 0 0 0.5rem; font-size: 1.25rem; }
.description { margin: 0 0 1.25rem; color: #4b5563; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; margin: 0 0 1.5rem; padding: 1rem 0;
  border-top: 1px solid #e5e7eb; border-bottom: 1px solid #e5e7eb; font-size: 0.9375rem; }
dt { color: #4b5563; }
dd { margin: 0; overflow-wrap: anywhere; }
label { display: block; font-weight: 600; margin-bottom: 0.375rem; }
input[type="text"] { display: block; width: 100%; font: inherit; font-size: 1.125rem; letter-spacing: 0.04em; padding: 0.75rem 0.875rem;
  border: 1px solid #6b7280; border-radius: 8px; background: #fff; color: inherit; }
input[aria-invalid="true"] { border-color: #b91c1c; border-width: 2px; }
:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
button { display: block; width: 100%; margin-top: 1.25rem; font: inherit; font-size: 1.0625rem; font-weight: 600; padding: 0.875rem 1rem;
  border: 0; border-radius: 8px; background: #1d4ed8; color: #fff; cursor: pointer; }
button:hover { background: #1e40af; }
.error { margin: 0.5rem 0 0; color: #b91c1c; font-weight: 600; }
.help { margin: 1rem 0 0; padding: 0.75rem 1rem; border-radius: 8px; background: #f9fafb; color: #374151; font-size: 0.875rem; }
.help p { margin: 0 0 0.25rem; }
.help ul { margin: 0; padding-left: 1.1rem; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.875rem; white-space: nowrap; }
.state { padding: 1rem 1.125rem; border-radius: 8px; border-left: 6px solid; }
.state p { margin: 0; }
.state-succeeded { background: #ecfdf5; border-color: #047857; }
.state-authorized { background: #eff6ff; border-color: #1d4ed8; }
.state-failed { background: #fef2f2; border-color: #b91c1c; }
.state-canceled, .state-expired { background: #f9fafb; border-color: #4b5563; }
/* Bank details: label above value on a phone (an IBAN or a reference does not fit beside its label), side by side on wider screens; values wrap between their groups of four. */
.bank-transfer dl { grid-template-columns: minmax(0, 1fr); row-gap: 0.125rem; align-items: baseline; }
.bank-transfer dd + dt { margin-top: 0.5rem; }
.bank-transfer code { font-size: 1rem; white-space: normal; }
#payment-reference { font-weight: 600; }
@media (min-width: 640px) { .bank-transfer dl { grid-template-columns: max-content minmax(0, 1fr); row-gap: 0.4rem; } .bank-transfer dd + dt { margin-top: 0; } }
.sandbox { margin: 1.5rem 0 0; font-size: 0.8125rem; color: #4b5563; text-align: center; }
footer { font-size: 0.8125rem; color: #4b5563; }
`;

/** The CSP source that allows exactly this stylesheet. */
export const STYLESHEET_SOURCE = `'sha256-${createHash('sha256').update(STYLESHEET).digest('base64')}'`;
