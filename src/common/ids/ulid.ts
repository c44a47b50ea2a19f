import { randomFillSync } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_BYTES = 10;
const POOL_SIZE = RANDOM_BYTES * 256;

/**
 * ULIDs (48-bit millisecond time + 80 random bits, Crockford base32), monotonic
 * within one process: ids made in the same millisecond increment the random
 * part, so they sort in creation order. Randomness is drawn from a pooled
 * buffer: one system call per 256 ids instead of one per character.
 */
class UlidGenerator {
  private readonly pool = Buffer.alloc(POOL_SIZE);
  private poolOffset = POOL_SIZE;
  private lastTime = -1;
  private readonly lastRandom = new Uint8Array(RANDOM_BYTES);

  next(now = Date.now()): string {
    if (now > this.lastTime) {
      this.lastTime = now;
      this.fillRandom();
    } else {
      this.increment();
    }
    return encodeTime(this.lastTime) + encodeRandom(this.lastRandom);
  }

  /** A ULID of any millisecond, outside the monotonic sequence, with fresh randomness from the pool. */
  at(time: number): string {
    const random = new Uint8Array(RANDOM_BYTES);
    this.takeFromPool(random);
    return encodeTime(time) + encodeRandom(random);
  }

  private fillRandom(): void {
    this.takeFromPool(this.lastRandom);
  }

  private takeFromPool(target: Uint8Array): void {
    if (this.poolOffset + RANDOM_BYTES > POOL_SIZE) {
      randomFillSync(this.pool);
      this.poolOffset = 0;
    }
    target.set(this.pool.subarray(this.poolOffset, this.poolOffset + RANDOM_BYTES));
    this.poolOffset += RANDOM_BYTES;
  }

  /** Adds one to the 80-bit random part; on the (astronomically rare) overflow, moves to the next millisecond. */
  private increment(): void {
    for (let i = RANDOM_BYTES - 1; i >= 0; i -= 1) {
      if (this.lastRandom[i] < 0xff) {
        this.lastRandom[i] += 1;
        return;
      }
      this.lastRandom[i] = 0;
    }
    this.lastTime += 1;
  }
}

function encodeTime(time: number): string {
  let out = '';
  let rest = time;
  for (let i = 0; i < 10; i += 1) {
    out = CROCKFORD[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

/** 80 bits -> 16 base32 characters, five bits at a time. */
function encodeRandom(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CROCKFORD[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/** The millisecond a ULID was made at (its first 10 characters). */
export function ulidTime(id: string): number {
  let time = 0;
  for (const char of id.slice(0, 10)) time = time * 32 + CROCKFORD.indexOf(char);
  return time;
}

/** The smallest ULID of the given millisecond: every ULID made at or after `time` sorts at or after it. */
export function lowestUlidAt(time: number): string {
  return encodeTime(time) + '0'.repeat(16);
}

const generator = new UlidGenerator();

/** A ULID of a given past or future millisecond, outside the monotonic sequence (demo data, imports). */
export function ulidAt(time: number): string {
  return generator.at(time);
}

export function ulid(): string {
  return generator.next();
}
