import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { sealText, unsealText } from '../../common/crypto/sealed-text';
import { AppConfig } from '../../config/app-config';
import { MfaRepository } from './mfa.repository';
import { newTotpSecret, totpStepOf, totpUri } from './totp';

export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: three groups of four characters of a 32-letter alphabet without 0, 1, l and o (60 bits each). */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_PATTERN = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/;

/** A new enrolment: the secret, in base32, and the URI an authenticator app scans. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  sealedSecret: string;
}

/**
 * Checks and issues second-factor codes: TOTP codes against a user's sealed secret, each accepted once (its time step
 * must be later than the last accepted one), and recovery codes, random, stored as SHA-256, each used once.
 */
@Injectable()
export class MfaCodes {
  constructor(
    private readonly factors: MfaRepository,
    private readonly config: AppConfig,
  ) {}

  newEnrolment(label: string): TotpEnrolment {
    const secret = newTotpSecret();
    return { secret, uri: totpUri(secret, this.config.mfa.issuer, label), sealedSecret: sealText(secret, this.config.mfa.sealKey) };
  }

  /** The step of a code for a sealed secret, now (one step of drift either way); null: no match. */
  stepOf(sealedSecret: string, code: string, now: Date): number | null {
    return totpStepOf(unsealText(sealedSecret, this.config.mfa.sealKey), code.trim(), now.getTime());
  }

  /**
   * True when `code` is a current code of the user's active factor not accepted before: its step becomes the last
   * accepted one, in the caller's unit of work (a replay, or a concurrent use of the same code, is refused).
   */
  async acceptTotp(manager: EntityManager, userId: string, code: string, now: Date): Promise<boolean> {
    const factor = await this.factors.findFactor(manager, userId);
    if (factor?.status !== 'active') return false;
    const step = this.stepOf(factor.sealedSecret, code, now);
    return step !== null && this.factors.acceptStep(manager, userId, step);
  }

  /** True when `code` is one of the user's unused recovery codes; it is used up in the caller's unit of work. */
  acceptRecoveryCode(manager: EntityManager, userId: string, code: string, now: Date): Promise<boolean> {
    const normalized = code.trim().toLowerCase();
    if (!RECOVERY_CODE_PATTERN.test(normalized)) return Promise.resolve(false);
    return this.factors.useRecoveryCode(manager, userId, hashRecoveryCode(normalized), now);
  }

  /** Ten new recovery codes for the user, replacing any before; the codes are returned once and kept only hashed. */
  async issueRecoveryCodes(manager: EntityManager, userId: string, now: Date): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.factors.replaceRecoveryCodes(manager, userId, codes.map(hashRecoveryCode), now);
    return codes;
  }
}

export function isRecoveryCodeShaped(code: string): boolean {
  return RECOVERY_CODE_PATTERN.test(code.trim().toLowerCase());
}

function newRecoveryCode(): string {
  // 32 letters: each byte's low five bits pick one, uniformly.
  const letters = [...randomBytes(12)].map((byte) => RECOVERY_ALPHABET[byte & 31]);
  return [letters.slice(0, 4), letters.slice(4, 8), letters.slice(8, 12)].map((group) => group.join('')).join('-');
}

/** SHA-256: recovery codes are random (60 bits), so a fast hash without salt is enough, as for tokens. */
function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
