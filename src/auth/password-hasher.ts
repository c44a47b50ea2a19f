import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { SerialQueue } from '../database/serial-queue';

/**
 * argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1). Both calls run on
 * the libuv thread pool, never on the event loop.
 */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /**
   * One hash at a time per process: on a small machine, several hashing
   * threads take every core from the event loop, and requests that need no
   * hash (most of them) wait behind a login storm. Logins queue instead,
   * which costs them nothing in throughput: the cores were the limit anyway.
   */
  private readonly queue = new SerialQueue();
  /** Verified when the email is unknown, so that a wrong email costs what a wrong password costs. */
  private readonly decoy: Promise<string> = this.queue.run(() => hash('decoy password for unknown emails', OPTIONS));

  hash(password: string): Promise<string> {
    return this.queue.run(() => hash(password, OPTIONS));
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    const stored = passwordHash ?? (await this.decoy);
    const matches = await this.queue.run(() => verify(stored, password));
    return passwordHash !== null && matches;
  }
}
