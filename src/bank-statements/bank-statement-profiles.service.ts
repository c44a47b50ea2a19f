import { Injectable } from '@nestjs/common';
import { AuthErrors } from '../auth/auth.errors';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AuditLog } from '../common/audit/audit-log';
import { DomainError } from '../common/errors/domain-error';
import { Database } from '../database/database';
import { BankStatementErrors } from './bank-statements.errors';
import { BankStatementProfilesRepository } from './bank-statement-profiles.repository';
import { bankCsvProfileOf, BankStatementProfileDto, BankStatementProfileListDto } from './dto/bank-statement-profile.dto';
import { bankCsvProfileProblems } from './formats/bank-csv/bank-csv-profile';
import type { BankCsvProfile } from './formats/statement-format';

/** The layouts of banks' CSV exports (contract section 19): admins name them, imports use them by name. */
@Injectable()
export class BankStatementProfiles {
  constructor(
    private readonly db: Database,
    private readonly profiles: BankStatementProfilesRepository,
    private readonly audit: AuditLog,
  ) {}

  async create(caller: AuthenticatedUser, body: BankStatementProfileDto): Promise<BankStatementProfileDto> {
    requireAdmin(caller);
    const profile = profileOf(body);
    await this.db.transaction(async (manager) => {
      const created = await this.profiles.insert(manager, { name: profile.name, definition: JSON.stringify(profile), createdBy: caller.userId, createdAt: new Date() });
      if (!created) throw BankStatementErrors.profileExists(profile.name);
      await this.audit.record(manager, { action: 'bank_statement_profile.created', accountId: null, target: { type: 'bank_statement_profile', id: profile.name } });
    });
    return toProfileDto(profile);
  }

  async list(caller: AuthenticatedUser): Promise<BankStatementProfileListDto> {
    requireAdmin(caller);
    const rows = await this.db.run((manager) => this.profiles.all(manager));
    return { data: rows.map((row) => toProfileDto(JSON.parse(row.definition) as BankCsvProfile)) };
  }

  async get(caller: AuthenticatedUser, name: string): Promise<BankStatementProfileDto> {
    requireAdmin(caller);
    return toProfileDto(await this.definition(name));
  }

  async delete(caller: AuthenticatedUser, name: string): Promise<void> {
    requireAdmin(caller);
    await this.db.transaction(async (manager) => {
      if (!(await this.profiles.delete(manager, name))) throw BankStatementErrors.profileNotFound(name);
      await this.audit.record(manager, { action: 'bank_statement_profile.deleted', accountId: null, target: { type: 'bank_statement_profile', id: name } });
    });
  }

  /** The profile an import names (`?profile=`); 404 when there is none. */
  async definition(name: string): Promise<BankCsvProfile> {
    const row = await this.db.run((manager) => this.profiles.find(manager, name));
    if (row === null) throw BankStatementErrors.profileNotFound(name);
    return JSON.parse(row.definition) as BankCsvProfile;
  }
}

function requireAdmin(caller: AuthenticatedUser): void {
  if (!isAdmin(caller)) throw AuthErrors.insufficientPermissions('Only an admin may manage bank statement profiles.');
}

/** The body as the parser's profile, once its parts agree with one another (`400` naming each field that does not). */
function profileOf(body: BankStatementProfileDto): BankCsvProfile {
  const profile = bankCsvProfileOf(body);
  const problems = bankCsvProfileProblems(profile);
  if (problems.length > 0) {
    const details = problems.map(({ field, problem }) => ({ field, message: problem }));
    throw new DomainError('validation_error', details.map(({ field, message }) => `${field}: ${message}`).join('; '), details);
  }
  return profile;
}

function toProfileDto(profile: BankCsvProfile): BankStatementProfileDto {
  const { columns } = profile;
  const optional = (key: string, value: string | undefined) => (value === undefined ? {} : { [key]: value });
  return {
    name: profile.name,
    delimiter: profile.delimiter,
    decimal_separator: profile.decimalSeparator,
    date_format: profile.dateFormat,
    encoding: profile.encoding,
    skip_rows: profile.skipRows,
    columns: {
      booking_date: columns.bookingDate,
      ...optional('amount', columns.amount),
      ...optional('credit', columns.credit),
      ...optional('debit', columns.debit),
      ...optional('currency', columns.currency),
      ...optional('default_currency', columns.defaultCurrency),
      reference: [...columns.reference],
      ...optional('entry_id', columns.entryId),
    },
  };
}
