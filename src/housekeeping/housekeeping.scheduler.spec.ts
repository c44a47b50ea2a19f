import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SessionsRepository } from '../auth/sessions.repository';
import { UserTokensRepository } from '../users/user-tokens.repository';
import { FakeDatabase } from '../common/testing/fakes';
import { AppConfig } from '../config/app-config';
import { EventsRepository } from '../events/events.repository';
import { IdempotencyKeysRepository } from '../idempotency/idempotency-keys.repository';
import { ReadReplica } from '../database/read-replica';
import { Metrics } from '../metrics/metrics';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { HousekeepingScheduler } from './housekeeping.scheduler';
import { JobLeasesRepository } from './job-leases.repository';
import { AuditRetention } from '../audit/audit-retention';

/** Answers each call with the next scripted count (0 once the script is used up), or throws a scripted error. */
function script(...answers: (number | Error)[]) {
  const calls: { limit: number }[] = [];
  const purge = async (...args: unknown[]) => {
    calls.push({ limit: args[args.length - 1] as number });
    const answer = answers.shift() ?? 0;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { purge, calls };
}

function scheduler(leasesTaken: Set<string>, purges: Record<string, ReturnType<typeof script>>) {
  const db = new FakeDatabase().asDatabase();
  const config = new AppConfig({ HOUSEKEEPING_INTERVAL: '10m' });
  const leases = { take: async (_manager: unknown, job: string) => leasesTaken.delete(job) } as unknown as JobLeasesRepository;
  const none = script();
  const of = (job: string) => (purges[job] ?? none).purge;
  const sessions = { purgeExpiredTokens: of('auth_tokens'), purgeUnusable: of('sessions') } as unknown as SessionsRepository;
  const userTokens = { purgeExpired: of('user_tokens') } as unknown as UserTokensRepository;
  const keys = { purgeExpired: of('idempotency_keys') } as unknown as IdempotencyKeysRepository;
  const deliveries = { purgeFinishedBefore: of('webhook_deliveries') } as unknown as WebhookDeliveriesRepository;
  const events = { purgeCreatedBefore: of('events') } as unknown as EventsRepository;
  const audit = { purgeBatch: of('audit_log') } as unknown as AuditRetention;
  const metrics = new Metrics(config, db, deliveries, { current: () => ({ state: 'not_configured', lagSeconds: null }) } as unknown as ReadReplica);
  return new HousekeepingScheduler(db, leases, config, metrics, sessions, userTokens, keys, deliveries, events, audit);
}

describe('HousekeepingScheduler', () => {
  it('runs the jobs whose lease it takes, in order, batch after batch until one comes back short', async () => {
    const tokens = script(1000, 1000, 3);
    const events = script(0);
    const sessions = script(200);
    const housekeeping = scheduler(new Set(['events', 'auth_tokens']), { auth_tokens: tokens, events, sessions });
    assert.deepEqual(await housekeeping.runDue(), ['auth_tokens', 'events']);
    assert.deepEqual(tokens.calls, [{ limit: 1000 }, { limit: 1000 }, { limit: 1000 }]);
    assert.equal(events.calls.length, 1);
    assert.equal(sessions.calls.length, 0, 'no lease, no run');
    assert.deepEqual(await housekeeping.runDue(), [], 'the leases are taken for the period');
    assert.equal(await housekeeping.runNow('sessions'), 200 + 0, 'a run on demand needs no lease');
  });

  it('reports a failing job by name, and the next pass runs the jobs after it', async () => {
    const failing = script(new Error('database unreachable'));
    const keys = script(7);
    const housekeeping = scheduler(new Set(['sessions', 'idempotency_keys']), { sessions: failing, idempotency_keys: keys });
    await assert.rejects(housekeeping.runDue(), /^Error: sessions: database unreachable$/);
    assert.equal(keys.calls.length, 0);
    assert.deepEqual(await housekeeping.runDue(), ['idempotency_keys']);
    assert.deepEqual(keys.calls, [{ limit: 500 }]);
  });
});
