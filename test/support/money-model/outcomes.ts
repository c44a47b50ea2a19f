/**
 * What the model expects of one request: a success (its status, and a check of the answer that then applies it
 * to the model) or a refusal among those the rules allow. When several rules refuse the same request, any of
 * their answers is accepted: the contract says what each refuses, not which one is reported first.
 */
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { ApiClient } from '../api-client';
import { ErrorBody } from './api-shapes';
import { isClosed, Model } from './model';

export interface Refusal {
  status: number;
  code: string;
  /** validation_error: the field its details must name. */
  field?: string;
}

/** An answer of the API: status and body, and what was read right after it (a settled request, say). */
export interface Answer {
  status: number;
  body: unknown;
  after?: unknown;
}

export interface Success {
  kind: 'success';
  status: number;
  /** Checks the answer's body against the model, then applies what it did to the model; throws when they differ. */
  accept(answer: Answer): void;
}

export interface Refused {
  kind: 'refused';
  refusals: Refusal[];
}

export type Outcome = Success | Refused;

/** The clients of a run: the bootstrap admin, and the owner of each of its accounts (by account index). */
export interface Callers {
  api: ApiClient;
  admin: string;
  owners: readonly string[];
}

/** Who sends a request that members may send too: the account's owner, or the admin. */
export type Client = 'owner' | 'admin';

/** Who sends one request: the admin, or the owner of an account (every body names `account_id`, its own for an owner). */
export type Sender = { kind: 'admin' } | { kind: 'owner'; account: number };

export const ADMIN: Sender = { kind: 'admin' };

/** The owner of an open account; a closed account's sessions ended with it, so the admin speaks for it. */
export function senderFor(model: Model, client: Client, account: number): Sender {
  return client === 'owner' && !isClosed(model, account) ? { kind: 'owner', account } : ADMIN;
}

export function tokenOf(callers: Callers, sender: Sender): string {
  return sender.kind === 'admin' ? callers.admin : callers.owners[sender.account];
}

export function describeSender(model: Model, sender: Sender): string {
  return sender.kind === 'admin' ? 'by the admin' : `by ${model.accounts[sender.account].label}'s owner`;
}

/** One request to the API, resolved against the model (its targets named by id, its amount fixed). */
export interface Operation {
  /** How the trace names it: "refund 120 EUR of T3 by POST /v1/transactions". */
  readonly label: string;
  outcome(model: Model): Outcome;
  send(callers: Callers): Promise<Answer>;
}

export const ACCOUNT_CLOSED: Refusal = { status: 403, code: 'account_closed' };
export const INSUFFICIENT_FUNDS: Refusal = { status: 409, code: 'insufficient_funds' };
export const REFUND_EXCEEDS_PAYMENT: Refusal = { status: 409, code: 'refund_exceeds_payment' };
export const NOT_REFUNDABLE_TRANSACTION: Refusal = { status: 400, code: 'validation_error', field: 'refunded_transaction_id' };
export const TRANSACTION_NOT_PENDING: Refusal = { status: 409, code: 'transaction_not_pending' };
export const BELONGS_TO_REFUND: Refusal = { status: 409, code: 'transaction_belongs_to_refund' };
export const BELONGS_TO_PAYOUT: Refusal = { status: 409, code: 'transaction_belongs_to_payout' };
/** A payout that cannot move (cancel, paid, returned) from where it is. */
export const PAYOUT_NOT_MOVABLE: Refusal = { status: 409, code: 'payout_not_cancelable' };
export const TRANSACTION_NOT_POSTED: Refusal = { status: 409, code: 'transaction_not_posted' };
export const ALREADY_REVERSED: Refusal = { status: 409, code: 'transaction_already_reversed' };
export const HAS_REFUNDS: Refusal = { status: 409, code: 'transaction_has_refunds' };
export const PAYMENT_NOT_PENDING: Refusal = { status: 409, code: 'payment_not_pending' };
export const PAYMENT_NOT_REFUNDABLE: Refusal = { status: 409, code: 'payment_not_refundable' };
export const CAPTURE_ABOVE_AUTHORIZED: Refusal = { status: 400, code: 'validation_error', field: 'amount' };

/** Collects the refusals that apply; none: the success. */
export class Rules {
  private readonly refusals: Refusal[] = [];

  refuseIf(condition: boolean, refusal: Refusal): this {
    if (condition && !this.refusals.includes(refusal)) this.refusals.push(refusal);
    return this;
  }

  get refused(): boolean {
    return this.refusals.length > 0;
  }

  otherwise(status: number, accept: (answer: Answer) => void): Outcome {
    return this.refused ? { kind: 'refused', refusals: [...this.refusals] } : { kind: 'success', status, accept };
  }
}

export function describeRefusals(refusals: readonly Refusal[]): string {
  return refusals.map((refusal) => `${refusal.status} ${refusal.code}${refusal.field === undefined ? '' : ` (${refusal.field})`}`).join(' or ');
}

export function describeOutcome(outcome: Outcome): string {
  return outcome.kind === 'success' ? String(outcome.status) : describeRefusals(outcome.refusals);
}

/** "201" or "409 refund_exceeds_payment": an answer as the trace shows it. */
export function describeAnswer(answer: Answer): string {
  if (answer.status < 400) return String(answer.status);
  const body = answer.body as Partial<ErrorBody> | undefined;
  const fields = body?.details?.map((detail) => detail.field).join(', ');
  return `${answer.status} ${body?.error_code ?? JSON.stringify(answer.body)}${fields ? ` (${fields})` : ''}`;
}

export function isRefusal(answer: Answer, refusal: Refusal): boolean {
  if (answer.status !== refusal.status) return false;
  const body = answer.body as Partial<ErrorBody> | undefined;
  if (body?.error_code !== refusal.code) return false;
  return refusal.field === undefined || (body.details ?? []).some((detail) => detail.field === refusal.field);
}

/** Whether the answer is what the outcome allows; a success is accepted (and applied to the model) here. */
export function answerFits(outcome: Outcome, answer: Answer): boolean {
  if (outcome.kind === 'refused') return outcome.refusals.some((refusal) => isRefusal(answer, refusal));
  if (answer.status !== outcome.status) return false;
  outcome.accept(answer);
  return true;
}

/** Throws, naming every field of `actual` that differs from `expected`. */
export function expectFields<T extends object>(what: string, actual: T, expected: Partial<T>): void {
  const differences = (Object.keys(expected) as (keyof T)[])
    .filter((key) => !isDeepStrictEqual(actual[key], expected[key]))
    .map((key) => `${String(key)} is ${JSON.stringify(actual[key])}, the model says ${JSON.stringify(expected[key])}`);
  if (differences.length > 0) assert.fail(`${what}: ${differences.join('; ')}`);
}
