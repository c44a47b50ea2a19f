import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { AppConfig, ConfigValidationError } from './app-config';

/** A payee's bank details that pass their checks (the IBAN is the standard's example). */
const PAYEE = { BANK_TRANSFER_IBAN: 'GB82 WEST 1234 5698 7654 32', BANK_TRANSFER_BIC: 'westgb2l', BANK_TRANSFER_BENEFICIARY: 'Acme Ltd' };
/** Everything else production asks for (section 18). */
const SAFE_PRODUCTION = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://pay.example.com', SMTP_URL: 'smtps://mail.example.com' };

describe('AppConfig', () => {
  it('applies the contract defaults', () => {
    const config = new AppConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.deepEqual(config.database, { kind: 'sqlite', path: 'data/app.db', existingAccountsMode: 'test' });
    assert.equal(config.accessTokenTtlSeconds, 900);
    assert.equal(config.refreshTokenTtlSeconds, 30 * 86_400);
    assert.equal(config.refreshReuseIntervalSeconds, 10);
    assert.equal(config.rateLimitPerMinute, 600);
    assert.equal(config.loginPerMinute, 30);
    assert.equal(config.loginMaxFailures, 5);
    assert.equal(config.loginFailureWindowSeconds, 900);
    assert.equal(config.jwtSecretGenerated, true);
    assert.deepEqual(config.trustProxy, []);
  });

  it('defaults PUBLIC_BASE_URL to the address the server listens on, localhost for a wildcard host', () => {
    assert.equal(new AppConfig({}).publicBaseUrl, 'http://127.0.0.1:3000');
    assert.equal(new AppConfig({ PORT: '4100' }).publicBaseUrl, 'http://127.0.0.1:4100');
    assert.equal(new AppConfig({ HOST: '0.0.0.0', PORT: '4100' }).publicBaseUrl, 'http://localhost:4100');
    assert.equal(new AppConfig({ HOST: '::', PORT: '4100' }).publicBaseUrl, 'http://localhost:4100');
    assert.equal(new AppConfig({ HOST: '::1', PORT: '4100' }).publicBaseUrl, 'http://[::1]:4100');
    assert.equal(new AppConfig({ PORT: '4100', PUBLIC_BASE_URL: 'https://pay.example.com/' }).publicBaseUrl, 'https://pay.example.com');
  });

  it('reads PostgreSQL URLs and proxy lists', () => {
    const config = new AppConfig({ DATABASE_URL: 'postgresql://u@db:5432/app', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    assert.deepEqual(config.database, {
      kind: 'postgres',
      url: 'postgresql://u@db:5432/app',
      pool: { size: 10, statementTimeoutMs: 30_000, preparedStatements: 'auto' },
      existingAccountsMode: 'test',
    });
    assert.deepEqual(config.trustProxy, ['10.0.0.0/8', '127.0.0.1']);
  });

  it('reads CORS_ORIGINS as an allow-list of origins (off when unset) and MIGRATIONS as auto or skip', () => {
    const defaults = new AppConfig({});
    assert.deepEqual(defaults.corsOrigins, []);
    assert.equal(defaults.migrations, 'auto');
    const config = new AppConfig({ CORS_ORIGINS: ' https://App.example.com/, http://localhost:5173,https://app.example.com ', MIGRATIONS: 'skip' });
    assert.deepEqual(config.corsOrigins, ['https://app.example.com', 'http://localhost:5173']);
    assert.equal(config.migrations, 'skip');
    for (const origin of ['*', 'app.example.com', 'https://app.example.com/path', 'ftp://files.example.com', 'https://user@app.example.com', 'https://app.example.com?x=1']) {
      assert.throws(() => new AppConfig({ CORS_ORIGINS: origin }), /CORS_ORIGINS must list origins/, origin);
    }
    assert.throws(() => new AppConfig({ MIGRATIONS: 'never' }), /MIGRATIONS must be one of auto, skip, got "never"/);
  });

  it('reads the PostgreSQL pool size and statement timeout, and refuses what is not a size or a duration', () => {
    const config = new AppConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_POOL_SIZE: '25', DATABASE_STATEMENT_TIMEOUT: '2m' });
    assert.deepEqual(config.database, {
      kind: 'postgres',
      url: 'postgres://db/app',
      pool: { size: 25, statementTimeoutMs: 120_000, preparedStatements: 'auto' },
      existingAccountsMode: 'test',
    });
    const off = new AppConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_STATEMENT_TIMEOUT: '0' });
    assert.deepEqual(off.database, {
      kind: 'postgres',
      url: 'postgres://db/app',
      pool: { size: 10, statementTimeoutMs: 0, preparedStatements: 'auto' },
      existingAccountsMode: 'test',
    });
    assert.throws(
      () => new AppConfig({ DATABASE_POOL_SIZE: '0', DATABASE_STATEMENT_TIMEOUT: '30 seconds' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigValidationError);
        assert.deepEqual(
          error.problems.map((problem) => problem.split(' ')[0]),
          ['DATABASE_POOL_SIZE', 'DATABASE_STATEMENT_TIMEOUT'],
        );
        return true;
      },
    );
  });

  it('reports every invalid variable at once', () => {
    assert.throws(
      () => new AppConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ACCESS_TOKEN_TTL: '15 minutes', LOG_LEVEL: 'loud', ADMIN_EMAIL: 'a@b.c' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigValidationError);
        assert.equal(error.problems.length, 5);
        return true;
      },
    );
  });

  it('refuses to start in production without a JWT_SECRET of at least 32 bytes', () => {
    assert.throws(() => new AppConfig({ ...SAFE_PRODUCTION, SMTP_URL: '', JWT_SECRET: randomBytes(48).toString('base64') }), /SMTP_URL is required when NODE_ENV=production/);
    assert.throws(() => new AppConfig({ SMTP_URL: 'http://mail.example.com' }), /SMTP_URL must be smtp:/);
    assert.throws(() => new AppConfig({ NODE_ENV: 'production' }), /JWT_SECRET is required/);
    assert.throws(() => new AppConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' }), /at least 32 bytes/);
    assert.throws(() => new AppConfig({ ...SAFE_PRODUCTION, JWT_SECRET: 'x'.repeat(32) }), /JWT_SECRET has too little entropy when NODE_ENV=production \(1 distinct bytes/);
    assert.equal(new AppConfig({ ...SAFE_PRODUCTION, JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz012345', ...PAYEE }).jwtSecretGenerated, false);
  });

  it('defaults to test mode with the sandbox outside production, and to live mode with bank transfers only in production', () => {
    const development = new AppConfig({}).payments;
    assert.equal(development.defaultAccountMode, 'test');
    assert.equal(development.sandbox, true);
    assert.deepEqual(development.providers, ['sandbox', 'bank_transfer']);
    assert.equal(development.bankTransfer.iban, 'DE89370400440532013000');
    const production = new AppConfig({ ...SAFE_PRODUCTION, JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz012345', ...PAYEE });
    assert.equal(production.payments.defaultAccountMode, 'live');
    assert.equal(production.database.existingAccountsMode, 'live');
    assert.equal(production.payments.sandbox, false);
    assert.deepEqual(production.payments.providers, ['bank_transfer']);
    assert.deepEqual(production.payments.bankTransfer, { iban: 'GB82WEST12345698765432', bic: 'WESTGB2L', beneficiary: 'Acme Ltd' });
  });

  it('requires admins to enrol a second factor by default in production only (REQUIRE_ADMIN_MFA), and names the TOTP issuer', () => {
    const production = { ...SAFE_PRODUCTION, JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz012345', ...PAYEE };
    assert.equal(new AppConfig(production).mfa.requireAdminMfa, true);
    assert.equal(new AppConfig({ ...production, REQUIRE_ADMIN_MFA: 'false' }).mfa.requireAdminMfa, false);
    assert.equal(new AppConfig({}).mfa.requireAdminMfa, false);
    assert.equal(new AppConfig({ REQUIRE_ADMIN_MFA: 'true' }).mfa.requireAdminMfa, true);
    assert.throws(() => new AppConfig({ REQUIRE_ADMIN_MFA: 'yes' }), /REQUIRE_ADMIN_MFA must be true or false/);
    assert.deepEqual([new AppConfig({}).mfa.issuer, new AppConfig({ MFA_ISSUER: 'Acme Pay' }).mfa.issuer], ['Payments', 'Acme Pay']);
    assert.equal(new AppConfig({}).mfa.sealKey.length, 32);
  });

  it("requires the payee's bank details in production while bank_transfer is enabled, with valid IBAN check digits and BIC", () => {
    const production = { ...SAFE_PRODUCTION, JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz012345' };
    assert.throws(() => new AppConfig(production), /BANK_TRANSFER_IBAN, BANK_TRANSFER_BIC and BANK_TRANSFER_BENEFICIARY must be set together/);
    assert.throws(() => new AppConfig({ ...production, ...PAYEE, BANK_TRANSFER_IBAN: 'GB00WEST12345698765432' }), /BANK_TRANSFER_IBAN must be an IBAN/);
    assert.throws(() => new AppConfig({ ...production, ...PAYEE, BANK_TRANSFER_BIC: 'WEST' }), /BANK_TRANSFER_BIC must be a BIC/);
    assert.throws(() => new AppConfig({ ACCOUNTS_DEFAULT_MODE: 'demo' }), /ACCOUNTS_DEFAULT_MODE/);
    assert.doesNotThrow(() => new AppConfig({ ...production, PAYMENT_PROVIDERS: 'sandbox', SANDBOX: 'true' }));
  });

  it('reads the housekeeping and metrics settings: no /metrics without a token, retentions in days', () => {
    const defaults = new AppConfig({});
    assert.equal(defaults.metricsToken, null);
    assert.equal(defaults.housekeepingIntervalSeconds, 600);
    assert.equal(defaults.sessionRetentionSeconds, 30 * 86_400);
    assert.equal(defaults.webhookDeliveryRetentionSeconds, 30 * 86_400);
    const set = new AppConfig({ METRICS_TOKEN: ' 0123456789abcdef0123 ', HOUSEKEEPING_INTERVAL: '1s', SESSION_RETENTION: '7d', WEBHOOK_DELIVERY_RETENTION: '90d' });
    assert.equal(set.metricsToken, '0123456789abcdef0123');
    assert.equal(set.housekeepingIntervalSeconds, 1);
    assert.equal(set.sessionRetentionSeconds, 7 * 86_400);
    assert.equal(set.webhookDeliveryRetentionSeconds, 90 * 86_400);
    assert.throws(
      () => new AppConfig({ METRICS_TOKEN: 'short', SESSION_RETENTION: '30', WEBHOOK_DELIVERY_RETENTION: '2h', HOUSEKEEPING_INTERVAL: '0' }),
      (error: unknown) => error instanceof ConfigValidationError && error.problems.length === 4,
    );
    assert.throws(() => new AppConfig({ METRICS_TOKEN: 'a token with spaces in it' }), /METRICS_TOKEN/);
  });
});
