import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Sql } from '../database/sql';
import { BankStatementProfile } from './entities/bank-statement-profile.entity';

/** A name taken by a concurrent creation makes this insert nothing, never a duplicate key error. */
const INSERT_PROFILE = new Sql(`INSERT INTO bank_statement_profiles (name, definition, created_by, created_at)
  VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING name`);

/** The bank_statement_profiles table. */
@Injectable()
export class BankStatementProfilesRepository {
  /** False when the name is taken. */
  async insert(manager: EntityManager, profile: BankStatementProfile): Promise<boolean> {
    const inserted = await INSERT_PROFILE.rows(manager, [profile.name, profile.definition, profile.createdBy, profile.createdAt.getTime()]);
    return inserted.length === 1;
  }

  find(manager: EntityManager, name: string): Promise<BankStatementProfile | null> {
    return manager.findOneBy(BankStatementProfile, { name });
  }

  /** Every profile by name: a platform has a handful, one per bank export it reads. */
  all(manager: EntityManager): Promise<BankStatementProfile[]> {
    return manager.find(BankStatementProfile, { order: { name: 'ASC' } });
  }

  /** False when there was none of that name. */
  async delete(manager: EntityManager, name: string): Promise<boolean> {
    const result = await manager.delete(BankStatementProfile, { name });
    return (result.affected ?? 0) > 0;
  }
}
