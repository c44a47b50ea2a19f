import { TransactionOptions } from '../database/database';

/** A key no answer is stored under yet: the request runs, and its answer is stored under it. */
export interface KeyClaim {
  fingerprint: string;
  requestHash: string;
}

/** A key this request runs under; `stored` once its answer was stored with the transaction that made it. */
export interface RequestKeyClaim extends KeyClaim {
  stored: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: RequestKeyClaim;
    /** Locks the claimed key and stores its answer inside the operation's transaction (see @IdempotentCommit()). */
    idempotencyTransaction?: TransactionOptions;
  }
}
