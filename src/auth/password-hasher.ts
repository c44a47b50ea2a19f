import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1). Both calls run on
 * the libuv thread pool, never on the event loop.
 */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /** Verified when the email is unknown, so that a wrong email costs what a wrong password costs. */
  private readonly decoy: Promise<string> = hash('decoy password for unknown emails', OPTIONS);

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (passwordHash === null) {
      await verify(await this.decoy, password);
      return false;
    }
    return verify(passwordHash, password);
  }
}
