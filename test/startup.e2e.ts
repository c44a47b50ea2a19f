import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, describe, it } from 'node:test';
import { Client } from 'pg';
import { MIGRATION_LOCK_KEY, pendingMigrations, runMigrations } from '../src/database/data-source-options';
import { migrationsFor } from '../src/database/migrations';
import { ApiClient } from './support/api-client';
import { registerAndLogin } from './support/factories';
import { builtScript, runScript } from './support/scripts';
import { createTestDatabase, openDataSource, TestDatabase } from './support/test-app';

const MIGRATIONS = migrationsFor('test');
const MAIN = builtScript('main.js');
const CLI = builtScript('cli.js');
/** The shared PostgreSQL server of the machine (never stopped by a test): only a database name that does not exist is used. */
// PostgreSQL's own answers (3D000 for a missing database), not a pooler's: TEST_DIRECT_DATABASE_URL when the suite runs through PgBouncer.
const POSTGRES_SERVER = process.env.TEST_DIRECT_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FATAL = 60;

/** A production configuration that starts: every setting section 18 checks is safe. */
const SAFE_PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(48).toString('base64'),
  PUBLIC_BASE_URL: 'https://pay.example.com',
  // Mail is required in production (section 22); nothing here sends any.
  SMTP_URL: 'smtp://127.0.0.1:25',
  ADMIN_EMAIL: 'operator@example.com',
  ADMIN_PASSWORD: 'a long and unguessable operator passphrase',
  RATE_LIMIT_PER_MINUTE: '600',
  LOGIN_PER_MINUTE: '30',
  LOGIN_MAX_FAILURES: '5',
  CHECKOUT_PER_MINUTE: '60',
  SIGNUP_PER_MINUTE: '10',
  // bank_transfer is the production default provider: it needs the payee's account (section 16).
  BANK_TRANSFER_IBAN: 'GB82 WEST 1234 5698 7654 32',
  BANK_TRANSFER_BIC: 'WESTGB2L',
  BANK_TRANSFER_BENEFICIARY: 'Operator Ltd',
};

type LogLine = Record<string, unknown> & { level: number; msg: string };

interface Run {
  child: ChildProcess;
  lines: LogLine[];
  /** Lines of stdout that are not JSON, and anything on stderr. */
  other: string[];
  /** Milliseconds from the process's first line to its exit. */
  firstLineToExitMs: number;
  code: number | null;
  baseUrl: string | null;
}

/**
 * The built server in a process of its own, in a working directory of its own
 * (its data/ folder, no developer's .env), with only the variables given. Resolves when it listens or exits.
 */
async function startServer(env: Record<string, string>, cwd: string): Promise<Run> {
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    // NODE_PATH: a build outside the repository (TEST_BUILD_DIR) finds its packages through it.
    env: {
      PATH: process.env.PATH ?? '',
      NODE_PATH: process.env.NODE_PATH ?? '',
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      LOGIN_PER_MINUTE: '0',
      LOGIN_MAX_FAILURES: '0',
      SIGNUP_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { child, lines: [], other: [], firstLineToExitMs: NaN, code: null, baseUrl: null };
  let firstLineAt: number | null = null;
  child.stderr.on('data', (chunk: Buffer) => run.other.push(chunk.toString('utf8')));
  const exited = once(child, 'exit').then(([code]) => {
    run.code = code as number | null;
    run.firstLineToExitMs = Date.now() - (firstLineAt ?? Date.now());
  });
  const listening = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (text) => {
      firstLineAt ??= Date.now();
      try {
        const line = JSON.parse(text) as LogLine;
        run.lines.push(line);
        const address = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line.msg);
        if (address) {
          run.baseUrl = address[1];
          resolve();
        }
      } catch {
        run.other.push(text);
      }
    });
  });
  await Promise.race([listening, exited]);
  if (run.code === null && run.baseUrl === null) await exited;
  return run;
}

async function stopServer(run: Run): Promise<void> {
  if (run.child.exitCode !== null || run.child.signalCode !== null) return;
  run.child.kill('SIGTERM');
  await once(run.child, 'exit');
}

function assertOnlyJson(run: Run): void {
  assert.deepEqual(run.other, [], 'every line is JSON, on stdout');
  for (const line of run.lines) assert.equal(typeof line.level, 'number');
}

function assertOneFatalLine(run: Run, pattern: RegExp): LogLine {
  assertOnlyJson(run);
  const errors = run.lines.filter((line) => line.level >= 50);
  assert.equal(errors.length, 1, JSON.stringify(errors));
  assert.equal(errors[0].level, FATAL);
  assert.match(errors[0].msg, pattern);
  assert.ok(!JSON.stringify(errors[0]).includes('    at '), 'no stack trace');
  assert.equal(run.code, 1);
  return errors[0];
}

function workingDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'startup-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function postgresAnswers(): Promise<boolean> {
  const client = new Client({ connectionString: POSTGRES_SERVER, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

describe('a start that fails: one JSON line, exit code 1', () => {
  it('a PostgreSQL database that does not exist: one clear fatal line, no retry, exit 1 at once', async (t) => {
    if (!(await postgresAnswers())) return t.skip(`no PostgreSQL server at ${POSTGRES_SERVER}`);
    const url = new URL(POSTGRES_SERVER);
    const name = `missing_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    url.pathname = `/${name}`;
    const run = await startServer({ DATABASE_URL: url.toString(), JWT_SECRET: 'startup-test-secret-of-at-least-32-bytes' }, workingDirectory());
    const fatal = assertOneFatalLine(run, new RegExp(`database "${name}" does not exist`));
    assert.equal(fatal.code, '3D000');
    assert.ok(!JSON.stringify(fatal).includes(url.password || 'no-password'), 'no credentials');
    assert.ok(!run.lines.some((line) => line.level === 40 && /retrying/.test(line.msg)), 'not retried');
    assert.ok(run.firstLineToExitMs < 5_000, `exited ${run.firstLineToExitMs} ms after its first line`);
  });

  it('a refused connection is retried for a few seconds (a warning each time), then one fatal line', async () => {
    const run = await startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/payments', JWT_SECRET: 'startup-test-secret-of-at-least-32-bytes' }, workingDirectory());
    assertOneFatalLine(run, /cannot open the database postgres:\/\/127\.0\.0\.1:9\/payments: .*ECONNREFUSED.* \(after \d+ attempts in [\d.]+ s\)/);
    const retries = run.lines.filter((line) => line.level === 40 && /retrying/.test(line.msg));
    assert.ok(retries.length >= 2, `${retries.length} retries`);
    assert.ok(run.firstLineToExitMs < 20_000, `exited ${run.firstLineToExitMs} ms after its first line`);
  });

  it('bad configuration: one JSON line naming every problem, nothing on stderr', async () => {
    const run = await startServer(
      { ...SAFE_PRODUCTION, JWT_SECRET: 'too-short', PORT: 'not-a-port', MIGRATIONS: 'sometimes', CORS_ORIGINS: 'https://app.example.com/path' },
      workingDirectory(),
    );
    const fatal = assertOneFatalLine(run, /^invalid configuration: /);
    assert.equal(run.lines.length, 1);
    const problems = fatal.problems as string[];
    assert.equal(problems.length, 4, problems.join('\n'));
    for (const name of ['JWT_SECRET', 'PORT', 'MIGRATIONS', 'CORS_ORIGINS'])
      assert.ok(
        problems.some((problem) => problem.startsWith(name)),
        name,
      );
  });
});

describe('MIGRATIONS=skip and npm run migrate', () => {
  let database: TestDatabase;
  after(() => database?.drop());

  it('refuses to start while migrations are pending, serves once `migrate` applied them, which then finds nothing to do', async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, JWT_SECRET: 'startup-test-secret-of-at-least-32-bytes', MIGRATIONS: 'skip' };
    const cwd = workingDirectory();
    const refused = await startServer(env, cwd);
    const fatal = assertOneFatalLine(refused, new RegExp(`${MIGRATIONS.length} migration\\(s\\) pending and MIGRATIONS=skip: run \`npm run migrate\` first`));
    assert.equal((fatal.pending as string[]).length, MIGRATIONS.length);

    const migrate = await runScript(CLI, ['migrate'], database.url, { LOG_LEVEL: 'info' });
    assert.equal(migrate.code, 0, migrate.stdout + migrate.stderr);
    assert.equal(migrate.stderr, '');
    const applied = migrate.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LogLine);
    assert.match(applied.at(-1)!.msg, new RegExp(`applied ${MIGRATIONS.length} migration\\(s\\)`));

    const served = await startServer(env, cwd);
    try {
      assert.ok(served.baseUrl, JSON.stringify(served.lines.slice(-3)));
      assertOnlyJson(served);
      assert.ok(!served.lines.some((line) => /applied/.test(line.msg)), 'the server migrated nothing');
      assert.equal((await fetch(`${served.baseUrl}/health/ready`)).status, 200);
    } finally {
      await stopServer(served);
    }
    const again = await runScript(CLI, ['migrate'], database.url, { LOG_LEVEL: 'info' });
    assert.equal(again.code, 0);
    assert.match(again.stdout, /"msg":"no migration pending"/);
  });

  it('`migrate` against a database that does not exist: one fatal JSON line, exit 1', async () => {
    // A PostgreSQL database nobody created, or a SQLite file under /dev/null, which no folder can be made for.
    const missing = process.env.TEST_DATABASE_URL ? `${POSTGRES_SERVER.replace(/\/[^/]*$/, '')}/missing_${process.pid}_${Date.now()}` : 'sqlite:/dev/null/app.db';
    const result = await runScript(CLI, ['migrate'], missing);
    assert.equal(result.code, 1);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LogLine);
    assert.equal(lines.length, 1);
    assert.equal(lines[0].level, FATAL);
  });
});

describe('migrations under the lock', () => {
  it('instances that migrate together take turns: each migration is applied once, nothing stays pending or locked', async () => {
    const database = await createTestDatabase();
    const sources = await Promise.all([1, 2, 3].map(() => openDataSource(database.url)));
    try {
      // PostgreSQL: all at once, as instances behind a load balancer start. A SQLite file belongs to one process: in turn.
      const applied =
        sources[0].options.type === 'postgres'
          ? await Promise.all(sources.map((source) => runMigrations(source)))
          : [await runMigrations(sources[0]), await runMigrations(sources[1]), await runMigrations(sources[2])];
      assert.deepEqual(applied.flat().sort(), MIGRATIONS.map((migration) => migration.name).sort(), 'each migration applied by exactly one instance');
      assert.deepEqual(await pendingMigrations(sources[0]), []);
      assert.deepEqual(await runMigrations(sources[1]), []);
      const rows: { name: string }[] = await sources[0].query('SELECT name FROM migrations');
      assert.equal(rows.length, MIGRATIONS.length);
      if (sources[0].options.type === 'postgres') {
        // This database's lock only: other test files migrate their own databases meanwhile, under the same key.
        const locks: unknown[] = await sources[0].query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          [MIGRATION_LOCK_KEY],
        );
        assert.equal(locks.length, 0, 'the lock ended with its transaction');
      }
    } finally {
      await Promise.all(sources.map((source) => source.destroy()));
      await database.drop();
    }
  });

  it('PostgreSQL: the lock is taken inside the migration transaction and waits for a holder of the same key', async (t) => {
    if (!process.env.TEST_DATABASE_URL) return t.skip('PostgreSQL only');
    const database = await createTestDatabase();
    const source = await openDataSource(database.url);
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      let done = false;
      const migrating = runMigrations(source).then((applied) => ((done = true), applied));
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(done, false, 'waits while another transaction holds the lock');
      // The waiting migration asks for the lock from inside its transaction.
      const waiting: { in_transaction: boolean }[] = await source.query(
        `SELECT a.xact_start IS NOT NULL AS in_transaction FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND l.objid = $1 AND NOT l.granted
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [MIGRATION_LOCK_KEY],
      );
      assert.equal(waiting.length, 1);
      assert.equal(waiting[0].in_transaction, true);
      await holder.query('COMMIT');
      assert.equal((await migrating).length, MIGRATIONS.length);
    } finally {
      await holder.end();
      await source.destroy();
      await database.drop();
    }
  });
});

describe('JWT_SECRET outside production', () => {
  let database: TestDatabase;
  after(() => database?.drop());

  it('is generated once, kept in data/jwt-secret (0600), and signs the tokens of the next start too', async () => {
    database = await createTestDatabase();
    const cwd = workingDirectory();
    const first = await startServer({ DATABASE_URL: database.url }, cwd);
    let token: string;
    try {
      assert.ok(first.baseUrl, JSON.stringify(first.lines.slice(-3)));
      assert.ok(first.lines.some((line) => line.level === 40 && /JWT_SECRET is not set: signing with the key kept in data\/jwt-secret \(created now\)/.test(line.msg)));
      token = (await registerAndLogin(new ApiClient(first.baseUrl))).token;
    } finally {
      await stopServer(first);
    }
    assert.equal(statSync(join(cwd, 'data', 'jwt-secret')).mode & 0o777, 0o600);

    const second = await startServer({ DATABASE_URL: database.url }, cwd);
    try {
      assert.ok(second.baseUrl);
      assert.ok(
        second.lines.some((line) => line.level === 40 && /kept in data\/jwt-secret;/.test(line.msg)),
        'found, not created',
      );
      const sessions = await new ApiClient(second.baseUrl).get('/v1/auth/sessions', { token });
      assert.equal(sessions.status, 200, 'a token of the first run works in the second');
      assertOnlyJson(second);
    } finally {
      await stopServer(second);
    }
  });

  it('is still required in production', async () => {
    const run = await startServer({ NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:' }, workingDirectory());
    assertOneFatalLine(run, /JWT_SECRET is required when NODE_ENV=production/);
  });
});

describe('production refuses unsafe settings (contract section 18)', () => {
  const UNSAFE: [string, Record<string, string>][] = [
    ['JWT_SECRET', { JWT_SECRET: 'a'.repeat(32) }],
    ['JWT_SECRET', { JWT_SECRET: 'abcdefgh'.repeat(8) }],
    ['WEBHOOK_ALLOW_HTTP', { WEBHOOK_ALLOW_HTTP: 'true' }],
    ['WEBHOOK_ALLOW_PRIVATE', { WEBHOOK_ALLOW_PRIVATE: 'true' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'http://pay.example.com' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'password'.repeat(3) }],
    ['RATE_LIMIT_PER_MINUTE', { RATE_LIMIT_PER_MINUTE: '0' }],
    ['LOGIN_PER_MINUTE', { LOGIN_PER_MINUTE: '0' }],
    ['LOGIN_MAX_FAILURES', { LOGIN_MAX_FAILURES: '0' }],
    ['CHECKOUT_PER_MINUTE', { CHECKOUT_PER_MINUTE: '0' }],
    ['SIGNUP_PER_MINUTE', { SIGNUP_PER_MINUTE: '0' }],
  ];

  for (const [name, unsafe] of UNSAFE) {
    it(`${name}=${Object.values(unsafe)[0]}: one JSON line naming it, exit 1`, async () => {
      const run = await startServer({ ...SAFE_PRODUCTION, DATABASE_URL: 'sqlite::memory:', ...unsafe }, workingDirectory());
      const fatal = assertOneFatalLine(run, /^invalid configuration: /);
      assert.equal(run.lines.length, 1);
      const problems = fatal.problems as string[];
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.ok(problems[0].startsWith(name), problems[0]);
    });
  }

  it('all of them at once: one line naming each', async () => {
    const all = Object.assign({}, ...UNSAFE.map(([, unsafe]) => unsafe)) as Record<string, string>;
    const run = await startServer({ ...SAFE_PRODUCTION, DATABASE_URL: 'sqlite::memory:', ...all }, workingDirectory());
    const fatal = assertOneFatalLine(run, /^invalid configuration: /);
    const problems = fatal.problems as string[];
    for (const name of new Set(UNSAFE.map(([variable]) => variable)))
      assert.ok(
        problems.some((problem) => problem.startsWith(name)),
        name,
      );
  });

  it('a safe production configuration starts and serves', async () => {
    const cwd = workingDirectory();
    const run = await startServer({ ...SAFE_PRODUCTION, DATABASE_URL: 'sqlite:data/app.db' }, cwd);
    try {
      assert.ok(run.baseUrl, JSON.stringify(run.lines.slice(-3)));
      assertOnlyJson(run);
      assert.ok(!run.lines.some((line) => line.level >= 50), 'no error');
      assert.equal((await fetch(`${run.baseUrl}/health/ready`)).status, 200);
      const login = await new ApiClient(run.baseUrl).post('/v1/auth/login', { email: SAFE_PRODUCTION.ADMIN_EMAIL, password: SAFE_PRODUCTION.ADMIN_PASSWORD });
      assert.equal(login.status, 200, 'the admin was created');
    } finally {
      await stopServer(run);
    }
  });
});

describe('at rest (contract section 18)', () => {
  it('creates data/ and the SQLite file (with its WAL) readable by the owner only', async (t) => {
    if (process.env.TEST_DATABASE_URL) return t.skip('SQLite only');
    const cwd = workingDirectory();
    const run = await startServer({ DATABASE_URL: 'sqlite:data/app.db', JWT_SECRET: 'startup-test-secret-of-at-least-32-bytes' }, cwd);
    try {
      assert.ok(run.baseUrl, JSON.stringify(run.lines.slice(-3)));
      await registerAndLogin(new ApiClient(run.baseUrl));
      assert.equal(statSync(join(cwd, 'data')).mode & 0o777, 0o700, 'data/');
      for (const file of ['app.db', 'app.db-wal', 'app.db-shm']) {
        assert.equal(statSync(join(cwd, 'data', file)).mode & 0o777, 0o600, file);
      }
    } finally {
      await stopServer(run);
    }
  });
});
