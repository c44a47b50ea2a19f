import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module';
import { PasswordHasher } from '../auth/password-hasher';
import { AppConfig, ConfigValidationError } from '../config/app-config';
import { Database } from '../database/database';
import { DemoDataGenerator, formatCount } from './demo-data';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_SIZES, DemoAccountSummary, DemoDataPresentError, DemoDataSize, DemoDataSummary, DemoSizeName } from './demo-options';

const USAGE = `Usage: npm run seed -- [--size small|medium|large] [--transactions N] [--seed N]
  Fills the database that DATABASE_URL names (default sqlite:data/app.db) with demo accounts,
  users, transactions and payment requests. Refuses a database that already has demo data.
  --size          small (default): 5 accounts, 15 users, 2,000 transactions, 200 payment requests
                  medium: 50 accounts, 150 users, 100,000 transactions, 5,000 payment requests
                  large: 200 accounts, 600 users, 1,000,000 transactions, 20,000 payment requests
  --transactions  overrides the number of transactions of the size
  --seed          makes the generated data repeatable (ids and the dates, anchored at now, still differ)`;

const MAX_TRANSACTIONS = 100_000_000;
/** Accounts whose users are listed one by one in the summary; the rest follow the same pattern. */
const LISTED_ACCOUNTS = 3;
const LISTED_CLOSED_ACCOUNTS = 5;

interface SeedArguments {
  sizeName: DemoSizeName;
  size: DemoDataSize;
  seed: number;
}

class UsageError extends Error {}

function parseSeedArguments(): SeedArguments {
  const { values } = parseArgs({
    options: { size: { type: 'string', default: 'small' }, transactions: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) throw new UsageError('');
  if (!Object.hasOwn(DEMO_SIZES, values.size)) throw new UsageError(`--size must be one of ${Object.keys(DEMO_SIZES).join(', ')}`);
  const sizeName = values.size as DemoSizeName;
  const transactions = values.transactions === undefined ? DEMO_SIZES[sizeName].transactions : wholeNumber('--transactions', values.transactions, MAX_TRANSACTIONS);
  // Without --seed every run differs; the seed used is printed so that a run can be repeated.
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 32) : wholeNumber('--seed', values.seed, 2 ** 32 - 1);
  return { sizeName, size: { ...DEMO_SIZES[sizeName], transactions }, seed };
}

function wholeNumber(option: string, raw: string, max: number): number {
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value > max) throw new UsageError(`${option} must be a whole number from 0 to ${formatCount(max)}, got "${raw}"`);
  return value;
}

/** Our own checks, or parseArgs refusing an unknown option or a missing value. */
function isUsageProblem(error: unknown): error is Error {
  if (error instanceof UsageError) return true;
  return error instanceof Error && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
}

async function main(): Promise<number> {
  let args: SeedArguments;
  try {
    args = parseSeedArguments();
  } catch (error) {
    if (!isUsageProblem(error)) throw error;
    process.stderr.write(`${error.message === '' ? '' : `${error.message}\n`}${USAGE}\n`);
    return 2;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const startedAt = performance.now();
  const config = new AppConfig(process.env);
  // The application context runs the migrations and creates the ADMIN_EMAIL admin, as a start of the server would.
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const generator = new DemoDataGenerator(context.get(Database), context.get(DataSource), context.get(PasswordHasher), (line) => process.stderr.write(`${line}\n`));
    process.stderr.write(`Seeding ${args.sizeName} demo data (seed ${args.seed}) into ${config.database.kind}...\n`);
    const summary = await generator.generate({ size: args.size, seed: args.seed, publicBaseUrl: config.publicBaseUrl });
    const seconds = (performance.now() - startedAt) / 1000;
    process.stdout.write(describeSummary(summary, args, seconds, `${config.publicBaseUrl}/docs`));
    return 0;
  } catch (error) {
    if (!(error instanceof DemoDataPresentError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    await context.close();
  }
}

function describeSummary(summary: DemoDataSummary, args: SeedArguments, seconds: number, docsUrl: string): string {
  const closed = summary.accounts.filter((account) => account.status === 'closed');
  const firstOpen = summary.accounts.find((account) => account.status === 'open');
  const lines = [
    `Demo data ready in ${seconds.toFixed(1)} s (size ${args.sizeName}, seed ${args.seed}):`,
    `  accounts:          ${formatCount(summary.accounts.length)} (${formatCount(closed.length)} closed)`,
    `  users:             ${formatCount(summary.users)}`,
    `  transactions:      ${formatCount(summary.transactions)} (${formatCount(summary.metadataEntries)} metadata entries)`,
    `  payment requests:  ${formatCount(summary.paymentRequests)} (${formatCount(summary.succeededPayments)} succeeded)`,
    '',
    summary.admin.createdBySeed
      ? `Admin: ${DEMO_ADMIN_EMAIL} (created because the database had no admin; the demo password below)`
      : `Admin: ${summary.admin.email} (its own password, e.g. ADMIN_PASSWORD)`,
    `Demo users, all with the password: ${DEMO_PASSWORD}`,
    ...summary.accounts.slice(0, LISTED_ACCOUNTS).flatMap(describeAccountUsers),
  ];
  if (summary.accounts.length > LISTED_ACCOUNTS) {
    lines.push(`  ... and likewise owner<n>@ and member<n>-<m>@demo.example for accounts up to ${summary.accounts.length}`);
  }
  if (closed.length > 0) {
    const listed = closed.slice(0, LISTED_CLOSED_ACCOUNTS).map((account) => account.ownerEmail);
    const more = closed.length > listed.length ? ` and ${closed.length - listed.length} more` : '';
    lines.push(`  closed accounts (their users get 403 account_closed): ${listed.join(', ')}${more}`);
  }
  if (firstOpen !== undefined) {
    lines.push(
      '',
      `Try it: start the server (npm start), open ${docsUrl}, call POST /v1/auth/login with`,
      `  {"email":"${firstOpen.ownerEmail}","password":"${DEMO_PASSWORD}"}`,
      '  and paste the access_token into Authorize.',
    );
  }
  return `${lines.join('\n')}\n`;
}

function describeAccountUsers(account: DemoAccountSummary): string[] {
  const label = `${account.name}${account.status === 'closed' ? ', closed' : ''}`;
  return [`  ${account.ownerEmail.padEnd(26)} owner of ${label}`, ...account.memberEmails.map((email) => `  ${email.padEnd(26)} member of ${label}`)];
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigValidationError ? error.message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  },
);
