import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { AppConfig } from '../config/app-config';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';

/**
 * argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1). Both calls run on
 * the libuv thread pool, never on the event loop.
 */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes at once: every core but one. More hashing threads than that take
 * every core from the event loop, and the requests that need no hash (most of
 * them) wait behind a login storm; logins queue instead (one at a time on two
 * cores).
 */
const CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);

@Injectable()
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Verified when the email is unknown, so that a wrong email costs what a wrong password costs. */
  private readonly decoy: Promise<string>;

  constructor(private readonly config: AppConfig) {
    this.decoy = this.limited(() => hash('decoy password for unknown emails', OPTIONS));
  }

  hash(password: string): Promise<string> {
    return this.limited(() => hash(password, OPTIONS));
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    const stored = passwordHash ?? (await this.decoy);
    const matches = await this.limited(() => verify(stored, password));
    return passwordHash !== null && matches;
  }

  /**
   * Runs `task` when a hashing slot is free; a finished task hands its slot to
   * the first one waiting. At most PASSWORD_HASH_QUEUE wait: past that a storm
   * of logins would only grow the wait of every one of them, so the next is
   * answered 503 at once (contract section 18) and retries after a second.
   */
  private async limited<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < CONCURRENT_HASHES) this.running += 1;
    else if (this.waiting.length >= this.config.passwordHashQueue) throw hashingBusy();
    else await new Promise<void>((takeSlot) => this.waiting.push(takeSlot));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

function hashingBusy(): DomainError {
  return new DomainError('service_unavailable', 'Too many password checks are waiting; retry after the time in Retry-After.', undefined, { 'retry-after': '1' });
}
