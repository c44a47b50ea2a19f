import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sql } from '../../database/sql';
import { MfaChallenge } from './entities/mfa-challenge.entity';
import { RecoveryCode } from './entities/recovery-code.entity';
import { TotpFactor } from './entities/totp-factor.entity';

/**
 * Moves an active factor's last accepted step forward, only forward: of two requests with one code (or a replay in
 * its window) one matches the row and the other finds it moved already. On PostgreSQL the second waits for the
 * first's commit and then re-reads the condition.
 */
const ACCEPT_STEP = sql`UPDATE mfa_totp_factors SET last_used_step = $2
  WHERE user_id = $1 AND status = 'active' AND (last_used_step IS NULL OR last_used_step < $2)`;

/** Uses a recovery code once: of concurrent uses, one matches the row. */
const USE_RECOVERY_CODE = sql`UPDATE mfa_recovery_codes SET used_at = $3 WHERE code_hash = $1 AND user_id = $2 AND used_at IS NULL`;

/** Counts a wrong code against a live challenge. */
const COUNT_WRONG_CODE = sql`UPDATE mfa_challenges SET attempts = attempts + 1 WHERE token_hash = $1 AND used_at IS NULL AND attempts < $2`;

/** Ends a challenge with a right code, if it still lives: of concurrent uses of one mfa_token, one matches the row. */
const CONSUME_CHALLENGE = sql`UPDATE mfa_challenges SET used_at = $2
  WHERE token_hash = $1 AND used_at IS NULL AND attempts < $3 AND expires_at > $2`;

/**
 * The two-factor tables of a user: its TOTP factor, its recovery codes and its login challenges. Locked after the
 * user's row (src/database/lock-order.md).
 */
@Injectable()
export class MfaRepository {
  findFactor(manager: EntityManager, userId: string): Promise<TotpFactor | null> {
    return manager.findOneBy(TotpFactor, { userId });
  }

  /** Starts (or restarts) an enrolment: a pending factor replaces a pending one; an active one is left alone (false). */
  async savePending(manager: EntityManager, userId: string, sealedSecret: string, now: Date): Promise<boolean> {
    const replaced = await manager.update(TotpFactor, { userId, status: 'pending' }, { sealedSecret, createdAt: now, lastUsedStep: null });
    if (replaced.affected === 1) return true;
    if (await manager.existsBy(TotpFactor, { userId })) return false;
    await manager.insert(TotpFactor, { userId, sealedSecret, status: 'pending', lastUsedStep: null, createdAt: now, activatedAt: null });
    return true;
  }

  /** Activates a pending factor, recording the step of the code that confirmed it; false when it was not pending. */
  async activate(manager: EntityManager, userId: string, step: number, now: Date): Promise<boolean> {
    const result = await manager.update(TotpFactor, { userId, status: 'pending' }, { status: 'active', lastUsedStep: step, activatedAt: now });
    return result.affected === 1;
  }

  /** True when this step is later than the last accepted one (and is now the last one). */
  async acceptStep(manager: EntityManager, userId: string, step: number): Promise<boolean> {
    return (await ACCEPT_STEP.run(manager, [userId, step])) === 1;
  }

  /** Removes the factor, the recovery codes and open challenges of a user; whether an active factor was removed. */
  async removeAll(manager: EntityManager, userId: string): Promise<boolean> {
    const removed = await manager.delete(TotpFactor, { userId, status: 'active' });
    await manager.delete(TotpFactor, { userId });
    await manager.delete(RecoveryCode, { userId });
    await manager.delete(MfaChallenge, { userId });
    return removed.affected === 1;
  }

  async replaceRecoveryCodes(manager: EntityManager, userId: string, codeHashes: readonly string[], now: Date): Promise<void> {
    await manager.delete(RecoveryCode, { userId });
    await manager.insert(
      RecoveryCode,
      codeHashes.map((codeHash) => ({ codeHash, userId, createdAt: now, usedAt: null })),
    );
  }

  async useRecoveryCode(manager: EntityManager, userId: string, codeHash: string, now: Date): Promise<boolean> {
    return (await USE_RECOVERY_CODE.run(manager, [codeHash, userId, now.getTime()])) === 1;
  }

  /** Inserts a login challenge, and drops the user's expired ones (they are kept no longer than that). */
  async insertChallenge(manager: EntityManager, challenge: MfaChallenge): Promise<void> {
    await manager
      .createQueryBuilder()
      .delete()
      .from(MfaChallenge)
      .where('user_id = :userId AND expires_at < :now', { userId: challenge.userId, now: challenge.createdAt.getTime() })
      .execute();
    await manager.insert(MfaChallenge, challenge);
  }

  findChallenge(manager: EntityManager, tokenHash: string): Promise<MfaChallenge | null> {
    return manager.findOneBy(MfaChallenge, { tokenHash });
  }

  async countWrongCode(manager: EntityManager, tokenHash: string, maxAttempts: number): Promise<void> {
    await COUNT_WRONG_CODE.run(manager, [tokenHash, maxAttempts]);
  }

  async consumeChallenge(manager: EntityManager, tokenHash: string, maxAttempts: number, now: Date): Promise<boolean> {
    return (await CONSUME_CHALLENGE.run(manager, [tokenHash, now.getTime(), maxAttempts])) === 1;
  }
}
