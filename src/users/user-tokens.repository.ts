import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull, LessThan } from 'typeorm';
import { newId } from '../common/ids/ids';
import { hashLinkToken, newLinkToken } from '../common/crypto/link-token';
import { UserToken, UserTokenPurpose } from './entities/user-token.entity';

export interface NewUserToken {
  userId: string;
  purpose: UserTokenPurpose;
  /** The address the link goes to. */
  email: string;
  ttlSeconds: number;
}

/** The links mailed to people (section 22): issued, then used at most once, by one winner, before they expire. */
@Injectable()
export class UserTokensRepository {
  /**
   * A new link for `purpose`; the user's earlier unused links of that purpose stop working (only the latest mail
   * counts). Returns the token, which is never stored.
   */
  async issue(manager: EntityManager, fields: NewUserToken, now: Date): Promise<string> {
    await this.retire(manager, fields.userId, fields.purpose, now);
    const { token, hash } = newLinkToken();
    await manager.insert(UserToken, {
      id: newId('utk'),
      userId: fields.userId,
      purpose: fields.purpose,
      tokenHash: hash,
      email: fields.email,
      expiresAt: new Date(now.getTime() + fields.ttlSeconds * 1000),
      usedAt: null,
      createdAt: now,
    });
    return token;
  }

  /** The live link a token names (unused, unexpired, of this purpose), without using it. */
  findLive(manager: EntityManager, purpose: UserTokenPurpose, token: string, now: Date): Promise<UserToken | null> {
    return manager
      .createQueryBuilder(UserToken, 'token')
      .where('token.token_hash = :hash AND token.purpose = :purpose AND token.used_at IS NULL AND token.expires_at > :now', {
        hash: hashLinkToken(token),
        purpose,
        now: now.getTime(),
      })
      .getOne();
  }

  /** Uses the link: a conditional write, so of two requests with one token exactly one wins. */
  async use(manager: EntityManager, link: UserToken, now: Date): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(UserToken)
      .set({ usedAt: now })
      .where('id = :id AND used_at IS NULL AND expires_at > :now', { id: link.id, now: now.getTime() })
      .execute();
    return result.affected === 1;
  }

  /** Ends every unused link of the user for `purpose` (a reset done, a newer link sent). */
  async retire(manager: EntityManager, userId: string, purpose: UserTokenPurpose, now: Date): Promise<void> {
    await manager.update(UserToken, { userId, purpose, usedAt: IsNull() }, { usedAt: now });
  }

  /** Housekeeping: links expired before `cutoff`, at most `limit` at a time. Returns how many went. */
  async purgeExpired(manager: EntityManager, cutoff: Date, limit: number): Promise<number> {
    const expired = await manager.find(UserToken, { select: { id: true }, where: { expiresAt: LessThan(cutoff) }, take: limit });
    if (expired.length === 0) return 0;
    await manager.delete(
      UserToken,
      expired.map((row) => row.id),
    );
    return expired.length;
  }
}
