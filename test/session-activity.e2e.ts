import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SessionsRepository } from '../src/auth/sessions.repository';
import { Database } from '../src/database/database';
import { expectStatus, registerAndLogin } from './support/factories';
import { sql } from './support/sql';
import { useTestApp } from './support/test-app';

const MINUTE = 60_000;

describe('session activity (last_used_at)', () => {
  const t = useTestApp();

  async function lastUsedAt(sessionId: string): Promise<number> {
    const result = await sql(t.databaseUrl, 'SELECT last_used_at FROM sessions WHERE id = $1', [sessionId]);
    return Number(result.rows[0].last_used_at);
  }

  it('records the use of a session idle for over a minute, once, however many requests race', async () => {
    const session = await registerAndLogin(t.api);
    const idleSince = Date.now() - 5 * MINUTE;
    await sql(t.databaseUrl, 'UPDATE sessions SET last_used_at = $1 WHERE id = $2', [idleSince, session.sessionId]);
    const responses = await Promise.all(Array.from({ length: 20 }, () => t.api.get('/v1/auth/sessions', { token: session.token })));
    for (const response of responses) expectStatus(response, 200);
    const recorded = await lastUsedAt(session.sessionId);
    assert.ok(recorded > idleSince + 4 * MINUTE, 'the use is recorded');

    // The database decides which of racing writers records it: exactly one matches the condition.
    const repository = t.app.get(SessionsRepository);
    const db = t.app.get(Database);
    await sql(t.databaseUrl, 'UPDATE sessions SET last_used_at = $1 WHERE id = $2', [idleSince, session.sessionId]);
    const now = Date.now();
    const writes = await Promise.all(Array.from({ length: 10 }, () => db.run((manager) => repository.touchLastUsed(manager, session.sessionId, now, now - MINUTE))));
    assert.equal(writes.filter(Boolean).length, 1, `writes: ${writes.join(',')}`);
  });

  it('leaves a session used within the last minute as it is', async () => {
    const session = await registerAndLogin(t.api);
    const recentlyUsed = Date.now() - 10_000;
    await sql(t.databaseUrl, 'UPDATE sessions SET last_used_at = $1 WHERE id = $2', [recentlyUsed, session.sessionId]);
    expectStatus(await t.api.get('/v1/auth/sessions', { token: session.token }), 200);
    assert.equal(await lastUsedAt(session.sessionId), recentlyUsed);
  });
});
