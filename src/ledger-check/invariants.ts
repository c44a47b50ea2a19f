/** The invariants the ledger check verifies (contract sections 10 and 20), each with what it promises. */
export const INVARIANTS = {
  debits_equal_credits: 'In every currency, posted debits equal posted credits and pending debits equal pending credits.',
  balances_equal_entries: 'Every balance equals the sums of its entries, and its last posted entry carries its posted balance.',
  transactions_have_their_entries:
    'Every transaction has exactly its two entries, of its amount, currency and status: one on its account on the side its direction names, one on the other side.',
  credits_given_back_within_amount:
    'No payment or credit is given back beyond its amount: its amount_refunded is the sum of its refunds that are not canceled, and a reversal gives back only one with none.',
  payment_amounts_consistent: 'Every payment request has amount_refunded <= amount_captured <= amount, and the amount and amount_refunded of its settlement credit.',
  overdrafts_forbidden_held: 'No account that forbids overdrafts has an available balance below zero.',
  event_sequences_gapless: "Every stream's events are numbered without gaps up to its counter.",
} as const;

export type InvariantName = keyof typeof INVARIANTS;
export const INVARIANT_NAMES = Object.keys(INVARIANTS) as InvariantName[];

/** Each kind of difference, with the invariant it breaks. */
export const KIND_INVARIANTS = {
  unbalanced_currency: 'debits_equal_credits',
  missing_balance: 'balances_equal_entries',
  balance_mismatch: 'balances_equal_entries',
  running_balance_mismatch: 'balances_equal_entries',
  unpaired_entries: 'transactions_have_their_entries',
  transaction_entries_mismatch: 'transactions_have_their_entries',
  refunds_mismatch: 'credits_given_back_within_amount',
  given_back_beyond_amount: 'credits_given_back_within_amount',
  payment_amounts_mismatch: 'payment_amounts_consistent',
  overdraft_exceeded: 'overdrafts_forbidden_held',
  event_sequence_gap: 'event_sequences_gapless',
} as const satisfies Record<string, InvariantName>;

export type DifferenceKind = keyof typeof KIND_INVARIANTS;
export const DIFFERENCE_KINDS = Object.keys(KIND_INVARIANTS) as DifferenceKind[];
