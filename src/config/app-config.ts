import { AuditSigningKey, auditSigningKey } from './audit-signing-key';
import { KeyObject, randomBytes } from 'node:crypto';
import { DerivedKeys, deriveKeys } from './derived-keys';
import { Environment, EnvReader } from './env-reader';
import { PeopleConfig, peopleConfig } from './people-settings';
import { keptSecret } from './kept-secret';
import { Mode, MODES } from './modes';
import { PasswordCheck, productionProblems } from './production-safety';

type DatabaseLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string; pool: PostgresPoolConfig };

export type DatabaseConfig = DatabaseLocation & {
  /** ACCOUNTS_DEFAULT_MODE, for the migration that gives the accounts made before modes existed theirs. */
  existingAccountsMode: Mode;
};

/** DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT and DATABASE_PREPARED_STATEMENTS (SQLite has one connection and no statement timeout). */
export interface PostgresPoolConfig {
  size: number;
  /** PostgreSQL's statement_timeout on every connection of the pool; 0: none. */
  statementTimeoutMs: number;
  /**
   * true: hot statements are prepared once per connection (named); false: every statement runs unnamed
   * and no session parameter is sent (PgBouncer in transaction mode); auto: false when such a pooler is detected.
   */
  preparedStatements: PreparedStatementsMode;
}

const PREPARED_STATEMENTS_MODES = ['auto', 'true', 'false'] as const;
export type PreparedStatementsMode = (typeof PREPARED_STATEMENTS_MODES)[number];

export type { Environment };

/** The payee's account that bank-transfer customers pay into, as the checkout page shows it. */
export interface BankTransferDetails {
  iban: string;
  bic: string;
  beneficiary: string;
}

/** Modes and payment providers (contract section 16). */
export interface PaymentsConfig {
  /** ACCOUNTS_DEFAULT_MODE: the mode of a new account unless an admin chooses; also the mode a migration gives existing accounts. */
  defaultAccountMode: Mode;
  /** SANDBOX: whether the sandbox provider (test cards, simulate) is registered at all. */
  sandbox: boolean;
  /** PAYMENT_PROVIDERS: the enabled providers, in order of preference (without the sandbox when SANDBOX=false). */
  providers: string[];
  bankTransfer: BankTransferDetails;
}

const MIN_PRODUCTION_SECRET_BYTES = 32;
/** The contract keeps events at least 30 days. */
const MIN_EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;
/** Retentions are days, not seconds: `SESSION_RETENTION=30` (seconds) is refused rather than obeyed. */
const MIN_HOUSEKEEPING_RETENTION_SECONDS = 24 * 60 * 60;
/** Printable, without spaces: it travels in an Authorization header. */
const METRICS_TOKEN_PATTERN = /^[\x21-\x7e]{16,}$/;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const MIGRATIONS_MODES = ['auto', 'skip'] as const;
export type MigrationsMode = (typeof MIGRATIONS_MODES)[number];

/** Where the server keeps the JWT secret it generates outside production (beside the default SQLite file). */
export const JWT_SECRET_FILE = 'data/jwt-secret';

/** What a configuration may read besides the environment. */
export interface ConfigSources {
  /**
   * Outside production, a missing JWT_SECRET is generated once and kept in
   * this file, so that tokens survive a restart. Unset: a random key for this
   * process only (tests, tools that issue no token).
   */
  jwtSecretFile?: string;
  /**
   * The users' password policy, which production holds ADMIN_PASSWORD to
   * (it lives in users/, above this folder). Unset: ADMIN_PASSWORD is not checked here.
   */
  adminPasswordCheck?: PasswordCheck;
}

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/**
 * The validated, typed configuration of one process. Built once at boot from
 * environment variables (contract section 9); nothing else reads process.env.
 */
export class AppConfig {
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  /**
   * The owner's login that migrations run as (DATABASE_MIGRATION_URL, PostgreSQL): the service itself then runs as
   * DATABASE_URL's role, which may read and write rows and nothing else. Null: one role does both.
   */
  readonly migrationUrl: string | null;
  /** A PostgreSQL streaming replica that serves lists and `as_of` balances while it keeps up; null: none. */
  readonly replicaUrl: string | null;
  /** How far behind the primary the replica may be and still serve reads. */
  readonly replicaMaxLagSeconds: number;
  /** Connections of the webhook worker's own pool (PostgreSQL), apart from the requests' pool. */
  readonly webhookPoolSize: number;
  /** auto: pending migrations run at start-up; skip: they are `npm run migrate`'s, and the server refuses to start while any is pending. */
  readonly migrations: MigrationsMode;
  /** The HS256 key of access and refresh tokens (derived from the root secret), prebuilt once: a plain string secret costs a key parse per verification. */
  readonly jwtKey: KeyObject;
  /** A key per use, derived from the root secret (JWT_SECRET) with HKDF: derived-keys.ts. */
  readonly keys: DerivedKeys;
  readonly jwtSecretGenerated: boolean;
  /** The file a generated secret is kept in, and whether this process created it; null: none. */
  readonly jwtSecretKept: { path: string; created: boolean } | null;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly refreshReuseIntervalSeconds: number;
  /** A session's absolute lifetime from login, never extended by refreshes: no token outlives it. */
  readonly sessionMaxAgeSeconds: number;
  /** A session unused (no request, no refresh) this long has ended. */
  readonly sessionIdleTimeoutSeconds: number;
  readonly adminEmail: string | null;
  readonly adminPassword: string | null;
  readonly rateLimitPerMinute: number;
  readonly loginPerMinute: number;
  readonly loginMaxFailures: number;
  readonly loginFailureWindowSeconds: number;
  /** Signups (POST /v1/users without a token) per minute per client address; 0 disables. */
  readonly signupPerMinute: number;
  /** Password hashes that may wait for a hashing thread; one more is refused with 503. */
  readonly passwordHashQueue: number;
  readonly redisUrl: string | null;
  readonly trustProxy: string[];
  /** Origins whose browser pages may call the API (CORS); empty: CORS is off. */
  readonly corsOrigins: string[];
  readonly logLevel: LogLevel;
  readonly eventRetentionSeconds: number;
  /** Webhook URLs may be http:// (tests, local receivers). */
  readonly webhookAllowHttp: boolean;
  /** Webhook hosts may resolve to loopback, private, link-local or metadata addresses. */
  readonly webhookAllowPrivate: boolean;
  /** The AES-256 key that seals webhook secrets at rest. */
  readonly webhookSecretKey: Buffer;
  /** Outgoing mail (contract section 22): the SMTP server (null: mail waits in the outbox, shown in the log) and the sender. */
  readonly mail: MailConfig;
  /** Keys API key secrets are hashed with (HMAC-SHA256): derived from the root secret, never stored. */
  readonly apiKeyHashKey: Buffer;
  /** Two factors (contract section 22): REQUIRE_ADMIN_MFA, the issuer apps show, the key TOTP secrets are sealed with. */
  readonly mfa: MfaConfig;
  /** How long audit entries are kept (AUDIT_RETENTION). */
  readonly auditRetentionSeconds: number;
  /** The key chain heads are signed with (AUDIT_SIGNING_KEY); null: no checkpoints. */
  readonly auditSigningKey: AuditSigningKey | null;
  /** Where signed checkpoints are written as files (AUDIT_CHECKPOINT_DIR); null: the log only. */
  readonly auditCheckpointDir: string | null;
  readonly auditCheckpointIntervalSeconds: number;
  /** The waits between failed delivery attempts; after the last one, it repeats. */
  readonly webhookRetryWaitsSeconds: number[];
  /** How long a delivery is retried, and an endpoint that fails everything stays enabled. */
  readonly webhookGiveUpAfterSeconds: number;
  /** Where customers reach the service (no trailing slash); payment_url is {publicBaseUrl}/pay/{checkout_token}. */
  readonly publicBaseUrl: string;
  readonly payments: PaymentsConfig;
  /** Verified emails and password reset (contract section 22). */
  readonly people: PeopleConfig;
  /** How often unpaid requests past expires_at are moved to expired. */
  readonly paymentExpiryIntervalSeconds: number;
  /** Requests per minute per client address to the checkout pages (views and submits); 0 disables. */
  readonly checkoutPerMinute: number;
  /** The bearer token of GET /metrics; null: there is no such route. */
  readonly metricsToken: string | null;
  /** How often each housekeeping job runs, once per cluster (a lease in the database). */
  readonly housekeepingIntervalSeconds: number;
  /** How long a session that can no longer be used (ended, or every token expired) stays listed after its last use. */
  readonly sessionRetentionSeconds: number;
  /** How long delivered and given-up webhook deliveries are kept after they were queued. */
  readonly webhookDeliveryRetentionSeconds: number;

  /** The variables this configuration was read from, for the settings a payment provider declares (readSettings). */
  readonly #env: Environment;

  /**
   * Settings declared outside this module (a payment provider's folder declares its own), read from the same
   * variables when that provider is enabled; every problem `read` records is reported at once, as the
   * configuration's are (ConfigValidationError).
   */
  readSettings<T>(read: (reader: EnvReader) => T): T {
    const problems: string[] = [];
    const settings = read(new EnvReader(this.#env, problems));
    if (problems.length > 0) throw new ConfigValidationError(problems);
    return settings;
  }

  constructor(env: Environment, sources: ConfigSources = {}) {
    this.#env = env;
    const problems: string[] = [];
    const reader = new EnvReader(env, problems);

    this.production = env.NODE_ENV === 'production';
    this.port = reader.integer('PORT', 3000, 0, 65535);
    this.host = reader.text('HOST', '127.0.0.1');
    const pool = {
      size: reader.integer('DATABASE_POOL_SIZE', 10, 1, 1000),
      statementTimeoutMs: reader.duration('DATABASE_STATEMENT_TIMEOUT', '30s', 0) * 1000,
      preparedStatements: reader.oneOf('DATABASE_PREPARED_STATEMENTS', PREPARED_STATEMENTS_MODES, 'auto'),
    };
    const defaultAccountMode = reader.oneOf('ACCOUNTS_DEFAULT_MODE', MODES, this.production ? 'live' : 'test');
    this.database = { ...parseDatabaseUrl(reader.text('DATABASE_URL', 'sqlite:data/app.db'), pool, problems), existingAccountsMode: defaultAccountMode };
    this.migrations = reader.oneOf('MIGRATIONS', MIGRATIONS_MODES, 'auto');
    this.migrationUrl = env.DATABASE_MIGRATION_URL?.trim() || null;
    if (this.migrationUrl !== null && (this.database.kind !== 'postgres' || !/^postgres(ql)?:\/\//.test(this.migrationUrl))) {
      problems.push('DATABASE_MIGRATION_URL must be a postgres:// URL, and DATABASE_URL a PostgreSQL one');
    }
    this.webhookPoolSize = reader.integer('WEBHOOK_POOL_SIZE', 2, 1, 100);
    this.replicaUrl = env.DATABASE_REPLICA_URL?.trim() || null;
    if (this.replicaUrl !== null && (this.database.kind !== 'postgres' || !/^postgres(ql)?:\/\//.test(this.replicaUrl))) {
      problems.push('DATABASE_REPLICA_URL must be a postgres:// URL, and DATABASE_URL a PostgreSQL one');
    }
    this.replicaMaxLagSeconds = reader.duration('DATABASE_REPLICA_MAX_LAG', '2s', 1);

    const secret = env.JWT_SECRET;
    if (secret === undefined || secret === '') {
      if (this.production) problems.push('JWT_SECRET is required when NODE_ENV=production');
      const kept = this.production || sources.jwtSecretFile === undefined ? null : keepSecret(sources.jwtSecretFile, problems);
      this.keys = deriveKeys(kept?.secret ?? randomBytes(48));
      this.jwtSecretGenerated = true;
      this.jwtSecretKept = kept && { path: sources.jwtSecretFile!, created: kept.created };
    } else {
      if (this.production && Buffer.byteLength(secret) < MIN_PRODUCTION_SECRET_BYTES) {
        problems.push(`JWT_SECRET must be at least ${MIN_PRODUCTION_SECRET_BYTES} bytes when NODE_ENV=production`);
      }
      this.keys = deriveKeys(Buffer.from(secret, 'utf8'));
      this.jwtSecretGenerated = false;
      this.jwtSecretKept = null;
    }

    this.jwtKey = this.keys.tokenSigning;
    this.accessTokenTtlSeconds = reader.duration('ACCESS_TOKEN_TTL', '15m', 1);
    this.refreshTokenTtlSeconds = reader.duration('REFRESH_TOKEN_TTL', '30d', 1);
    this.refreshReuseIntervalSeconds = reader.duration('REFRESH_REUSE_INTERVAL', '10s', 0);
    this.sessionMaxAgeSeconds = reader.duration('SESSION_MAX_AGE', '30d', 60);
    this.sessionIdleTimeoutSeconds = reader.duration('SESSION_IDLE_TIMEOUT', '7d', 60);
    this.adminEmail = env.ADMIN_EMAIL?.trim() || null;
    this.adminPassword = env.ADMIN_PASSWORD || null;
    if ((this.adminEmail === null) !== (this.adminPassword === null)) {
      problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    }
    this.rateLimitPerMinute = reader.integer('RATE_LIMIT_PER_MINUTE', 600, 0);
    this.loginPerMinute = reader.integer('LOGIN_PER_MINUTE', 30, 0);
    this.loginMaxFailures = reader.integer('LOGIN_MAX_FAILURES', 5, 0);
    this.loginFailureWindowSeconds = reader.duration('LOGIN_FAILURE_WINDOW', '15m', 1);
    this.signupPerMinute = reader.integer('SIGNUP_PER_MINUTE', 10, 0);
    this.passwordHashQueue = reader.integer('PASSWORD_HASH_QUEUE', 100, 1);
    this.redisUrl = env.REDIS_URL?.trim() || null;
    if (this.redisUrl !== null && !/^rediss?:\/\//.test(this.redisUrl)) {
      problems.push('REDIS_URL must start with redis:// or rediss://');
    }
    this.trustProxy = (env.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    this.corsOrigins = corsOrigins(env.CORS_ORIGINS ?? '', problems);
    const logLevel = reader.text('LOG_LEVEL', 'info');
    if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
      problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
    }
    this.logLevel = logLevel as LogLevel;
    this.eventRetentionSeconds = reader.duration('EVENT_RETENTION', '30d', MIN_EVENT_RETENTION_SECONDS);
    this.webhookAllowHttp = reader.flag('WEBHOOK_ALLOW_HTTP');
    this.webhookAllowPrivate = reader.flag('WEBHOOK_ALLOW_PRIVATE');
    this.webhookSecretKey = webhookSecretKey(env.WEBHOOK_SECRET_KEY, this.keys.webhookSecrets, problems);
    this.apiKeyHashKey = this.keys.apiKeys.export();
    this.mail = mailConfig(reader, this.keys.queuedMail, problems);
    this.mfa = mfaConfig(reader, this.production, this.keys.totpSecrets);
    this.auditRetentionSeconds = reader.duration('AUDIT_RETENTION', '400d', MIN_HOUSEKEEPING_RETENTION_SECONDS);
    this.auditSigningKey = auditSigningKey(env.AUDIT_SIGNING_KEY, problems);
    this.auditCheckpointDir = env.AUDIT_CHECKPOINT_DIR?.trim() || null;
    this.auditCheckpointIntervalSeconds = reader.duration('AUDIT_CHECKPOINT_INTERVAL', '5m', 1);
    this.webhookRetryWaitsSeconds = reader.durations('WEBHOOK_RETRY_WAITS', '5s,1m,5m,30m,2h,5h,10h,12h');
    this.webhookGiveUpAfterSeconds = reader.duration('WEBHOOK_GIVE_UP_AFTER', '3d', 1);
    this.publicBaseUrl = publicBaseUrl(reader.text('PUBLIC_BASE_URL', listeningUrl(this.host, this.port)), problems);
    this.payments = paymentsConfig(reader, this.production, defaultAccountMode, problems);
    this.people = peopleConfig(reader, this.publicBaseUrl, problems);
    this.paymentExpiryIntervalSeconds = reader.duration('PAYMENT_EXPIRY_INTERVAL', '15s', 1);
    this.checkoutPerMinute = reader.integer('CHECKOUT_PER_MINUTE', 60, 0);
    this.metricsToken = env.METRICS_TOKEN?.trim() || null;
    if (this.metricsToken !== null && !METRICS_TOKEN_PATTERN.test(this.metricsToken)) {
      problems.push('METRICS_TOKEN must be at least 16 characters without spaces (openssl rand -hex 32)');
    }
    this.housekeepingIntervalSeconds = reader.duration('HOUSEKEEPING_INTERVAL', '10m', 1);
    this.sessionRetentionSeconds = reader.duration('SESSION_RETENTION', '30d', MIN_HOUSEKEEPING_RETENTION_SECONDS);
    this.webhookDeliveryRetentionSeconds = reader.duration('WEBHOOK_DELIVERY_RETENTION', '30d', MIN_HOUSEKEEPING_RETENTION_SECONDS);

    if (this.production) {
      problems.push(
        ...productionProblems(
          {
            // A missing or short secret is reported above already.
            jwtSecret: secret === undefined || Buffer.byteLength(secret) < MIN_PRODUCTION_SECRET_BYTES ? null : Buffer.from(secret, 'utf8'),
            webhookAllowHttp: this.webhookAllowHttp,
            webhookAllowPrivate: this.webhookAllowPrivate,
            publicBaseUrl: this.publicBaseUrl,
            adminEmail: this.adminEmail,
            adminPassword: this.adminPassword,
            rateLimits: {
              RATE_LIMIT_PER_MINUTE: this.rateLimitPerMinute,
              LOGIN_PER_MINUTE: this.loginPerMinute,
              LOGIN_MAX_FAILURES: this.loginMaxFailures,
              CHECKOUT_PER_MINUTE: this.checkoutPerMinute,
              SIGNUP_PER_MINUTE: this.signupPerMinute,
            },
            smtpUrl: this.mail.smtpUrl,
          },
          sources.adminPasswordCheck,
        ),
      );
    }
    if (problems.length > 0) throw new ConfigValidationError(problems);
  }
}

function keepSecret(path: string, problems: string[]): ReturnType<typeof keptSecret> | null {
  try {
    return keptSecret(path);
  } catch (error) {
    problems.push(`JWT_SECRET is not set and ${path} cannot keep a generated one: ${(error as Error).message}`);
    return null;
  }
}

/**
 * WEBHOOK_SECRET_KEY (base64 of 32 bytes), or else the key derived from the
 * root secret: either way a key the database does not hold.
 */
export interface MailConfig {
  /** SMTP_URL: smtp:// or smtps://, user and password in the URL; null: nothing is sent. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every mail. */
  from: string;
  /** The AES-256 key that seals queued mail at rest (derived from the root secret). */
  sealKey: Buffer;
  /** MAIL_RETRY_WAITS: the waits between failed attempts; the mail is given up after the last. */
  retryWaitsSeconds: number[];
}

function mailConfig(reader: EnvReader, key: KeyObject, problems: string[]): MailConfig {
  const smtpUrl = reader.text('SMTP_URL', '').trim() || null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/]/.test(smtpUrl)) problems.push('SMTP_URL must be smtp://host[:port] or smtps://host[:port], with user:password@ when the server asks');
  return {
    smtpUrl,
    from: reader.text('MAIL_FROM', 'Payments <no-reply@localhost>'),
    sealKey: key.export(),
    retryWaitsSeconds: reader.durations('MAIL_RETRY_WAITS', '10s,1m,5m,30m,2h,6h,12h'),
  };
}

export interface MfaConfig {
  /** REQUIRE_ADMIN_MFA (default: true in production): an admin without TOTP may only enrol. */
  requireAdminMfa: boolean;
  /** MFA_ISSUER: the name authenticator apps show beside the account (the `otpauth://` URI's issuer). */
  issuer: string;
  /** The AES-256 key that seals TOTP secrets at rest (derived from the root secret). */
  sealKey: Buffer;
}

function mfaConfig(reader: EnvReader, production: boolean, key: KeyObject): MfaConfig {
  return { requireAdminMfa: reader.flag('REQUIRE_ADMIN_MFA', production), issuer: reader.text('MFA_ISSUER', 'Payments'), sealKey: key.export() };
}

function webhookSecretKey(raw: string | undefined, derived: KeyObject, problems: string[]): Buffer {
  if (raw !== undefined && raw.trim() !== '') {
    const key = Buffer.from(raw.trim(), 'base64');
    if (key.length !== 32) problems.push('WEBHOOK_SECRET_KEY must be the base64 of 32 bytes (openssl rand -base64 32)');
    return key;
  }
  return derived.export();
}

/**
 * Where this server answers when nothing says otherwise: its own HOST and PORT, so that payment URLs and the
 * hints work on any port. A wildcard address is not one a browser can open, so it reads as localhost.
 */
export function listeningUrl(host: string, port: number): string {
  const reachable = ['0.0.0.0', '::', '[::]', ''].includes(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}

/** An http(s) origin with an optional path prefix, without a trailing slash, query or fragment. */
function publicBaseUrl(raw: string, problems: string[]): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url === null || !['http:', 'https:'].includes(url.protocol) || url.search !== '' || url.hash !== '' || url.username !== '') {
    problems.push(`PUBLIC_BASE_URL must be an http:// or https:// address without query or fragment, got "${raw}"`);
    return 'http://127.0.0.1:3000';
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * Outside production: a well-known example IBAN (it passes its check digits, and no bank holds it), so that a
 * developer's bank-transfer page looks real. In production the payee's own details are required.
 */
const EXAMPLE_BANK_DETAILS: BankTransferDetails = { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', beneficiary: 'Example Merchant GmbH (test details)' };
const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

function paymentsConfig(reader: EnvReader, production: boolean, defaultAccountMode: Mode, problems: string[]): PaymentsConfig {
  const sandbox = reader.flag('SANDBOX', !production);
  // SANDBOX=false leaves the sandbox out whatever PAYMENT_PROVIDERS says: decided here, once, for every reader.
  const providers = reader.list('PAYMENT_PROVIDERS', production ? 'bank_transfer' : 'sandbox,bank_transfer').filter((name) => name !== 'sandbox' || sandbox);
  const iban = reader.text('BANK_TRANSFER_IBAN', '').replace(/\s/g, '').toUpperCase();
  const bic = reader.text('BANK_TRANSFER_BIC', '').toUpperCase();
  const beneficiary = reader.text('BANK_TRANSFER_BENEFICIARY', '');
  const given = [iban, bic, beneficiary].filter((value) => value !== '').length;
  if (given === 0 && !(production && providers.includes('bank_transfer'))) {
    return { defaultAccountMode, sandbox, providers, bankTransfer: EXAMPLE_BANK_DETAILS };
  }
  if (given < 3) problems.push('BANK_TRANSFER_IBAN, BANK_TRANSFER_BIC and BANK_TRANSFER_BENEFICIARY must be set together (bank_transfer is enabled in production)');
  if (iban !== '' && !isValidIban(iban)) problems.push(`BANK_TRANSFER_IBAN must be an IBAN with valid check digits, got "${iban}"`);
  if (bic !== '' && !BIC_PATTERN.test(bic)) problems.push(`BANK_TRANSFER_BIC must be a BIC of 8 or 11 characters, got "${bic}"`);
  return { defaultAccountMode, sandbox, providers, bankTransfer: { iban, bic, beneficiary } };
}

/** ISO 13616: country, check digits, then the account; the rearranged number is 1 modulo 97. */
function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** A comma-separated allow-list of origins (scheme://host[:port]), as browsers send them in Origin. */
function corsOrigins(raw: string, problems: string[]): string[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const origins: string[] = [];
  for (const entry of entries) {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    if (
      url === null ||
      !['http:', 'https:'].includes(url.protocol) ||
      url.pathname !== '/' ||
      url.search !== '' ||
      url.hash !== '' ||
      url.username !== '' ||
      entry.endsWith('?') ||
      entry.endsWith('#')
    ) {
      problems.push(`CORS_ORIGINS must list origins such as https://app.example.com (scheme, host and port only) separated by commas, got "${entry}"`);
    } else {
      origins.push(url.origin);
    }
  }
  return [...new Set(origins)];
}

function parseDatabaseUrl(url: string, pool: PostgresPoolConfig, problems: string[]): DatabaseLocation {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') problems.push('DATABASE_URL sqlite: needs a file path or :memory:');
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url, pool };
  problems.push('DATABASE_URL must be sqlite:PATH, sqlite::memory:, postgres://... or postgresql://...');
  return { kind: 'sqlite', path: ':memory:' };
}
