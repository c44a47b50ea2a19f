import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CpuProfile, Frame, samplesByStage, stageBudget, stageOfStack } from '../bench/support/cpu-stages';

const ROOT = '/srv/app/dist';
const own = (path: string, functionName = 'f'): Frame => ({ functionName, url: `file://${ROOT}/${path}` });
const pkg = (path: string, functionName = 'f'): Frame => ({ functionName, url: `file:///srv/app/node_modules/${path}` });
const node = (url: string, functionName = 'f'): Frame => ({ functionName, url });
const native = (functionName: string): Frame => ({ functionName, url: '' });

describe('the CPU budget stages (bench/support/cpu-stages.ts)', () => {
  it('gives a sample to the innermost frame that names a stage', () => {
    // better-sqlite3's native get, called by the project's SQL helper, called by a repository, called by a service.
    assert.equal(stageOfStack([native('get'), own('database/sql.js'), own('transactions/transactions.service.js')], ROOT), 'SQL');
    // The session lookup inside passport's verify callback is SQL; jsonwebtoken's HMAC is auth.
    assert.equal(stageOfStack([own('sign-in/callers.repository.js'), own('sign-in/caller.service.js'), pkg('passport-jwt/lib/strategy.js')], ROOT), 'SQL');
    assert.equal(stageOfStack([node('node:internal/crypto/hash'), pkg('jwa/index.js'), pkg('jws/lib/verify-stream.js')], ROOT), 'auth');
    assert.equal(stageOfStack([pkg('class-transformer/cjs/TransformOperationExecutor.js'), pkg('@nestjs/common/pipes/validation.pipe.js')], ROOT), 'validation');
    assert.equal(stageOfStack([pkg('@pinojs/redact/index.js'), pkg('pino/lib/proto.js'), own('pipeline.js')], ROOT), 'logging');
    assert.equal(stageOfStack([native('stringify'), pkg('fastify/lib/reply.js')], ROOT), 'serialisation');
    assert.equal(stageOfStack([own('transactions/dto/transaction.response.dto.js'), own('transactions/transactions.service.js')], ROOT), 'serialisation');
    assert.equal(stageOfStack([pkg('rxjs/dist/cjs/internal/Observable.js'), pkg('@nestjs/core/router/router-execution-context.js')], ROOT), 'framework');
    assert.equal(
      stageOfStack([native('writev'), node('node:internal/stream_base_commons'), node('node:net'), node('node:_http_outgoing'), pkg('fastify/lib/reply.js')], ROOT),
      'http',
    );
    // The same socket write under pg's connection is the database's.
    assert.equal(stageOfStack([native('writev'), node('node:internal/stream_base_commons'), node('node:net'), pkg('pg/lib/connection.js')], ROOT), 'SQL');
    assert.equal(stageOfStack([node('node:internal/async_hooks', 'promiseInitHook'), own('transactions/transactions.service.js')], ROOT), 'async context');
    assert.equal(stageOfStack([own('transactions/transactions.service.js')], ROOT), 'app');
    assert.equal(stageOfStack([native('(garbage collector)')], ROOT), 'gc');
  });

  it('lets generic frames (Node internals, unknown packages, most natives) take their caller’s stage', () => {
    assert.equal(stageOfStack([node('node:buffer'), pkg('reflect-metadata/Reflect.js'), own('auth/guards/roles.guard.js')], ROOT), 'auth');
    assert.equal(stageOfStack([native('parse'), pkg('secure-json-parse/index.js'), pkg('fastify/lib/contentTypeParser.js')], ROOT), 'framework');
    assert.equal(stageOfStack([native('runMicrotasks'), node('node:internal/process/task_queues')], ROOT), 'other');
  });

  it('reads only the server build’s own files as the project’s (a dist folder elsewhere is another package)', () => {
    assert.equal(stageOfStack([node(`file:///elsewhere/dist/database/sql.js`)], ROOT), 'other');
    assert.equal(stageOfStack([own('database/sql.js')], ROOT), 'SQL');
  });

  it('splits the main thread’s CPU time by the samples’ stages, per request, with the other threads beside it', () => {
    // root -> fastify route -> (sql.js -> native get) and (idle); 3 samples in get, 1 in the route, 4 idle.
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: native('(root)'), children: [2, 5] },
        { id: 2, callFrame: pkg('fastify/lib/route.js'), children: [3] },
        { id: 3, callFrame: own('database/sql.js'), children: [4] },
        { id: 4, callFrame: native('get') },
        { id: 5, callFrame: native('(idle)') },
      ],
      samples: [4, 4, 4, 2, 5, 5, 5, 5],
    };
    assert.deepEqual([...samplesByStage(profile, ROOT)].sort(), [
      ['SQL', 3],
      ['framework', 1],
    ]);
    const budget = stageBudget('read', profile, { processMicros: 1_200_000, mainThreadMicros: 1_000_000, kernelMicros: 200_000 }, 10_000, ROOT);
    assert.equal(budget.perStage.get('SQL'), 75);
    assert.equal(budget.perStage.get('framework'), 25);
    assert.equal(budget.perStage.get('auth'), 0);
    assert.equal(budget.otherThreads, 20);
    assert.equal(budget.total, 120);
  });
});
