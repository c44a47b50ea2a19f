/**
 * Amounts chosen relative to what the model holds when the command runs (what is left of a credit, the
 * available balance, an authorization), so that sequences keep hitting the edges: all of it, part of it,
 * just beyond it.
 */
import fc from 'fast-check';

export type AmountSpec = { kind: 'fixed'; value: number } | { kind: 'share'; percent: number } | { kind: 'all' } | { kind: 'beyond'; extra: number };

/** The amount a spec names, given what it is relative to (never below 1: amounts start at 1). */
export function resolveAmount(spec: AmountSpec, reference: number): number {
  const base = Math.max(reference, 0);
  switch (spec.kind) {
    case 'fixed':
      return spec.value;
    case 'share':
      return Math.max(1, Math.floor((base * spec.percent) / 100));
    case 'all':
      return Math.max(1, base);
    case 'beyond':
      return base + spec.extra;
  }
}

/** "40% of what is left", "all of the available balance", "12 beyond what is left", "1250". */
export function describeAmount(spec: AmountSpec, reference: string): string {
  switch (spec.kind) {
    case 'fixed':
      return String(spec.value);
    case 'share':
      return `${spec.percent}% of ${reference}`;
    case 'all':
      return `all of ${reference}`;
    case 'beyond':
      return `${spec.extra} beyond ${reference}`;
  }
}

export const fixedAmount: fc.Arbitrary<AmountSpec> = fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 5_000 }) });

/** Mostly within the reference, sometimes all of it, sometimes just beyond it, sometimes any amount. */
export const relativeAmount: fc.Arbitrary<AmountSpec> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('share' as const), percent: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 2, arbitrary: fc.constant<AmountSpec>({ kind: 'all' }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('beyond' as const), extra: fc.integer({ min: 1, max: 50 }) }) },
  { weight: 1, arbitrary: fixedAmount },
);
