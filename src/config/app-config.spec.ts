import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppConfig, ConfigValidationError } from './app-config';

describe('AppConfig', () => {
  it('applies the contract defaults', () => {
    const config = new AppConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.deepEqual(config.database, { kind: 'sqlite', path: 'data/app.db' });
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

  it('reads PostgreSQL URLs and proxy lists', () => {
    const config = new AppConfig({ DATABASE_URL: 'postgresql://u@db:5432/app', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgresql://u@db:5432/app', pool: { size: 10, statementTimeoutMs: 30_000, preparedStatements: 'auto' } });
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
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgres://db/app', pool: { size: 25, statementTimeoutMs: 120_000, preparedStatements: 'auto' } });
    const off = new AppConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_STATEMENT_TIMEOUT: '0' });
    assert.deepEqual(off.database, { kind: 'postgres', url: 'postgres://db/app', pool: { size: 10, statementTimeoutMs: 0, preparedStatements: 'auto' } });
    assert.throws(
      () => new AppConfig({ DATABASE_POOL_SIZE: '0', DATABASE_STATEMENT_TIMEOUT: '30 seconds' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigValidationError);
        assert.deepEqual(error.problems.map((problem) => problem.split(' ')[0]), ['DATABASE_POOL_SIZE', 'DATABASE_STATEMENT_TIMEOUT']);
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
    assert.throws(() => new AppConfig({ NODE_ENV: 'production' }), /JWT_SECRET is required/);
    assert.throws(() => new AppConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' }), /at least 32 bytes/);
    assert.equal(new AppConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecretGenerated, false);
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
