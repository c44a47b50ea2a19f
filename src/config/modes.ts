/**
 * Live or test (contract section 16): an account's mode, fixed at creation.
 * Live money is real; test money is the sandbox's, and never meets live money.
 */
export const MODES = ['test', 'live'] as const;
export type Mode = (typeof MODES)[number];

/** `livemode`, as every resource of an account shows its mode. */
export function isLive(mode: Mode): boolean {
  return mode === 'live';
}
