import 'reflect-metadata';
import { createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConsoleLogger, INestApplicationContext } from '@nestjs/common';
import { DataSourceOptions } from 'typeorm';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { AuditService, CheckpointSource } from './audit/audit.service';
import { Database } from './database/database';
import { MailOutbox } from './mail/mail-outbox';
import { MailOutboxRepository } from './mail/mail-outbox.repository';
import { DomainError } from './common/errors/domain-error';
import { describeStartupFailure, processLogger } from './common/logging/startup-failure';
import { AppConfig } from './config/app-config';
import { passwordProblem } from './users/password-policy';
import { openPostgres } from './database/transaction-pooler';
import { connectDatabase } from './database/database-startup';
import { dataSourceOptions, runMigrations } from './database/data-source-options';
import { LedgerCheckReportDto } from './ledger-check/dto/ledger-check.response.dto';
import { LedgerCheckService } from './ledger-check/ledger-check.service';
import { UsersService } from './users/users.service';
import { listenSettings } from './config/listen-settings';
import { listen } from './webhooks/local-listener';
import { newEndpointSecret } from './webhooks/webhook-secrets';

const USAGE = `Usage: npm run cli -- <command>
  migrate
      Applies the pending migrations to the database DATABASE_URL names and exits (npm run migrate), for
      deployments that start the server with MIGRATIONS=skip. Logs JSON lines, as the server does.
  create-admin --email <email> [--name <name>]
      Creates an admin. The password is read from standard input, e.g.
      printf '%s' "$PASSWORD" | npm run cli -- create-admin --email ops@example.com
  ledger-check [--json]
      Checks the books and the money invariants (contract section 20) by name: debits equal credits, balances
      equal their entries, every transaction has its two entries, no credit is given back beyond its amount,
      payment requests' sums agree, forbidden overdrafts hold, event streams are gapless. Prints what differs
      with the offending ids and exits 1 if anything does (--json: the report as JSON).
  listen --forward-to <url> [--email <email>] [--api <url>] [--secret <whsec_...>] [--account <acc_...>]
      Forwards your account's events, as they happen, to a webhook receiver on your machine, signed with
      Standard Webhooks headers; no webhook endpoint and no inbound connection needed. Logs in as a user:
      --email (or PAYMENTS_EMAIL) and the password in PAYMENTS_PASSWORD or on standard input, e.g.
      PAYMENTS_PASSWORD='...' npm run cli -- listen --email ada@example.com --forward-to http://localhost:8080/webhooks
      --api: where the API answers (PAYMENTS_API_URL; default PUBLIC_BASE_URL, else http://HOST:PORT).
      --secret: the signing secret to use (default: a new one, printed). --account: admins name the account.
      Prints one line per event: its type, its id and the receiver's status.
  outbox [--json]
      Prints the mail not sent yet (queued, retrying or given up), oldest first, with its text: without SMTP_URL,
      outside production, this is where password-reset and verification links are read (--json: as JSON).
  audit-verify [--json] [--checkpoints <dir>] [--public-key <file>]
      Walks the audit log's hash chains (one per account, one for the platform) and exits 1 naming the first
      entry of each chain that does not verify: an edited, inserted, deleted or reordered row, at either end,
      or a chain deleted whole (--json: the report as JSON). --checkpoints: also holds every chain against the
      newest checkpoint in <dir> signed by the key (--public-key: a PEM file, as GET /v1/audit_log/public_key
      gives it; default: the public half of AUDIT_SIGNING_KEY): a chain behind it, beside it or missing fails.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

type Command = (context: INestApplicationContext) => Promise<number>;

/** Nest's console logger with its warnings on standard error too: standard output is the command's answer. */
class StandardErrorLogger extends ConsoleLogger {
  override warn(message: unknown, context?: string): void {
    this.printMessages([message], context ?? this.context, 'warn', 'stderr');
  }
}

function createAdmin(email: string, name: string, password: string): Command {
  return async (context) => {
    try {
      const admin = await context.get(UsersService).createAdmin(email, password, name);
      process.stdout.write(`Created admin ${admin.email} (${admin.id})\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      process.stderr.write(`${error.code}: ${error.description}\n`);
      return 1;
    }
  };
}

function ledgerCheck(json: boolean): Command {
  return async (context) => {
    const startedAt = performance.now();
    const report = await context.get(LedgerCheckService).run();
    const seconds = (performance.now() - startedAt) / 1000;
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : describeReport(report, seconds));
    return report.ok ? 0 : 1;
  };
}

function describeReport(report: LedgerCheckReportDto, seconds: number): string {
  const lines = [
    `Checked ${report.entries_checked} entries and ${report.balances_checked} balances in ${seconds.toFixed(1)} s.`,
    ...report.currencies.map(
      (currency) =>
        `  ${currency.currency}: posted debits ${currency.posted_debits} / credits ${currency.posted_credits}, pending debits ${currency.pending_debits} / credits ${currency.pending_credits}`,
    ),
    ...report.invariants.map(
      (invariant) => `  ${invariant.ok ? 'ok  ' : 'FAIL'} ${invariant.name} (${invariant.duration_ms} ms)${invariant.ok ? '' : `: ${invariant.difference_count} difference(s)`}`,
    ),
  ];
  if (report.ok) return `${[...lines, 'The books balance and every invariant holds.'].join('\n')}\n`;
  lines.push(`${report.difference_count} difference(s)${report.difference_count > report.differences.length ? `, the first ${report.differences.length}` : ''}:`);
  for (const difference of report.differences) {
    const ids = [difference.stream ?? difference.account_id, difference.currency, difference.transaction_id, difference.payment_id, difference.field];
    const values = difference.expected === undefined ? '' : ` (expected: ${difference.expected}, stored: ${difference.actual})`;
    lines.push(`  ${difference.invariant}: ${difference.kind} ${ids.filter((part) => part !== undefined).join(' ')}: ${difference.description}${values}`);
  }
  return `${lines.join('\n')}\n`;
}

/** How many waiting mails `outbox` prints. */
const OUTBOX_LIMIT = 100;

function outbox(json: boolean): Command {
  return async (context) => {
    const mail = context.get(MailOutbox);
    const waiting = await context.get(Database).run((manager) => context.get(MailOutboxRepository).waiting(manager, OUTBOX_LIMIT));
    const listed = waiting.map((queued) => ({ ...queued, sealedBody: undefined, text: mail.bodyOf(queued.sealedBody)?.text ?? null }));
    if (json) process.stdout.write(`${JSON.stringify(listed, null, 2)}\n`);
    else if (listed.length === 0) process.stdout.write('The outbox is empty: every mail was sent.\n');
    else {
      for (const queued of listed) {
        const state =
          queued.status === 'pending' ? `pending, ${queued.attempts} attempt(s)${queued.lastError === null ? '' : `, last: ${queued.lastError}`}` : `given up: ${queued.lastError}`;
        process.stdout.write(`${queued.id}  ${queued.createdAt.toISOString()}  to ${queued.to}  (${state})\nSubject: ${queued.subject}\n\n${queued.text ?? ''}\n\n`);
      }
    }
    return 0;
  };
}

interface AuditVerifyOptions {
  json: boolean;
  checkpoints?: string;
  publicKeyFile?: string;
}

function auditVerify(options: AuditVerifyOptions): Command {
  return async (context) => {
    let source: CheckpointSource | undefined;
    if (options.checkpoints !== undefined) {
      const publicKey = options.publicKeyFile === undefined ? context.get(AppConfig).auditSigningKey?.publicKey : createPublicKey(readFileSync(options.publicKeyFile, 'utf8'));
      if (publicKey === undefined) {
        process.stderr.write('audit-verify --checkpoints needs the verifying key: --public-key <file>, or AUDIT_SIGNING_KEY.\n');
        return 2;
      }
      source = { dir: options.checkpoints, publicKey };
    }
    const report = await context.get(AuditService).verify(source);
    if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      const lines = [`Checked ${report.entries_checked} entries in ${report.chains_checked} chains.`];
      if (report.checkpoints !== null) lines.push(`Held them against ${report.checkpoints.newest ?? 'no checkpoint'} (${report.checkpoints.verified} signed checkpoint(s)).`);
      for (const broken of report.breaks) lines.push(`  chain ${broken.chain}: entry ${broken.entry_id ?? '(end of chain)'} (sequence ${broken.sequence}): ${broken.problem}`);
      lines.push(report.ok ? 'Every chain verifies.' : `${report.breaks.length} chain(s) do not verify.`);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return report.ok ? 0 : 1;
  };
}

async function commandOf(): Promise<Command | 'help' | null> {
  const options = {
    email: { type: 'string' },
    name: { type: 'string' },
    json: { type: 'boolean' },
    checkpoints: { type: 'string' },
    'public-key': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const parsed = (() => {
    try {
      return parseArgs({ allowPositionals: true, options });
    } catch (error) {
      // An unknown option: the usage says what there is.
      process.stderr.write(`${(error as Error).message.split('.')[0]}.\n`);
      return null;
    }
  })();
  if (parsed === null) return null;
  if (parsed.values.help) return 'help';
  const { positionals, values } = parsed;
  if (positionals.length !== 1) return null;
  if (positionals[0] === 'ledger-check') return ledgerCheck(values.json ?? false);
  if (positionals[0] === 'outbox') return outbox(values.json ?? false);
  if (positionals[0] === 'audit-verify') return auditVerify({ json: values.json ?? false, checkpoints: values.checkpoints, publicKeyFile: values['public-key'] });
  if (positionals[0] === 'create-admin' && values.email) return createAdmin(values.email, values.name ?? 'Administrator', await readStdin());
  return null;
}

/** How often `listen` asks for new events while there are none. */
const LISTEN_POLL_INTERVAL_MS = 1_000;

/** `npm run cli -- listen`: a client of the API (no database, no server configuration), until Ctrl-C. */
async function listenCommand(): Promise<number> {
  const options = { 'forward-to': { type: 'string' }, email: { type: 'string' }, api: { type: 'string' }, secret: { type: 'string' }, account: { type: 'string' } } as const;
  let parsed: ReturnType<typeof parseArgs<{ allowPositionals: true; options: typeof options }>>;
  try {
    parsed = parseArgs({ allowPositionals: true, options });
  } catch (error) {
    process.stderr.write(`${(error as Error).message.split('.')[0]}.\n${USAGE}\n`);
    return 2;
  }
  const settings = listenSettings(process.env);
  const forwardTo = parsed.values['forward-to'];
  const email = parsed.values.email ?? settings.email;
  if (!forwardTo || !URL.canParse(forwardTo) || !email) {
    process.stderr.write(`listen needs --forward-to <url> and --email <email> (or PAYMENTS_EMAIL).\n${USAGE}\n`);
    return 2;
  }
  if (settings.password === null && process.stdin.isTTY) {
    process.stderr.write('listen reads the password from PAYMENTS_PASSWORD or standard input, e.g. printf \'%s\' "$PASSWORD" | npm run cli -- listen ...\n');
    return 2;
  }
  const password = settings.password ?? (await readStdin());
  const secret = parsed.values.secret ?? newEndpointSecret();
  if (!secret.startsWith('whsec_')) {
    process.stderr.write('--secret must be a Standard Webhooks secret (whsec_ and base64).\n');
    return 2;
  }
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  try {
    await listen({
      apiUrl: (parsed.values.api ?? settings.apiUrl).replace(/\/+$/, ''),
      forwardTo,
      email,
      password,
      secret,
      accountId: parsed.values.account,
      pollIntervalMs: LISTEN_POLL_INTERVAL_MS,
      print: (line) => process.stdout.write(`${line}\n`),
      signal: stop.signal,
    });
    return 0;
  } catch (error) {
    if (stop.signal.aborted) return 0;
    process.stderr.write(`listen could not start: ${(error as Error).message}\n`);
    return 1;
  }
}

/**
 * `npm run migrate`: the migrations alone, without the application (no
 * workers start, no admin is created), under the same lock as at start-up.
 */
async function migrate(): Promise<number> {
  let log = processLogger();
  try {
    const config = new AppConfig(process.env, { adminPasswordCheck: passwordProblem });
    log = processLogger(config.logLevel);
    const logger = { log: (message: string) => log.info(message), warn: (message: string) => log.warn(message) };
    const options = dataSourceOptions(config.database);
    // With two roles, as the owner (DATABASE_MIGRATION_URL), which then grants DATABASE_URL's role its rights.
    const asOwner = config.migrationUrl === null ? options : ({ ...options, url: config.migrationUrl } as DataSourceOptions);
    const dataSource = config.database.kind === 'postgres' ? await openPostgres(asOwner, config.database.pool.preparedStatements, logger) : await connectDatabase(asOwner, logger);
    try {
      const runtimeRole = config.migrationUrl !== null && config.database.kind === 'postgres' ? decodeURIComponent(new URL(config.database.url).username) || null : null;
      const applied = await runMigrations(dataSource, { runtimeRole, auditRetentionSeconds: config.auditRetentionSeconds });
      log.info({ applied }, applied.length === 0 ? 'no migration pending' : `applied ${applied.length} migration(s)`);
    } finally {
      await dataSource.destroy();
    }
    return 0;
  } catch (error) {
    const failure = describeStartupFailure(error);
    log.fatal(failure.fields, failure.message);
    return 1;
  }
}

async function main(): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  if (process.argv.slice(2).join(' ') === 'migrate') return migrate();
  if (process.argv[2] === 'listen') return listenCommand();
  const command = await commandOf();
  if (command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command === null) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(new AppConfig(process.env, { adminPasswordCheck: passwordProblem })), {
    // Warnings and errors on standard error: standard output is the command's answer (--json is read by programs).
    logger: new StandardErrorLogger({ logLevels: ['error', 'warn'], colors: false }),
    abortOnError: false,
  });
  try {
    return await command(context);
  } finally {
    await context.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // An operator's problem (configuration, database, pending migrations) in one line; a bug with its stack.
    const failure = describeStartupFailure(error);
    process.stderr.write(`${'err' in failure.fields ? String((error as Error)?.stack ?? error) : failure.message}\n`);
    process.exit(1);
  },
);
