import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { RequestLogger } from './request-logger';

/** A pino logger as the application configures it (redaction with a wildcard, an err serializer), writing into an array. */
function capturingLogger(level = 'info'): { logger: FastifyBaseLogger; lines: string[]; children: () => number } {
  const lines: string[] = [];
  const logger = pino(
    {
      level,
      timestamp: false,
      base: { pid: 1, hostname: 'h' },
      serializers: { err: pino.stdSerializers.err },
      redact: { paths: ['req.headers.authorization', '*.password'], censor: '[redacted]' },
    },
    { write: (line: string) => lines.push(line) },
  );
  let made = 0;
  const child = logger.child.bind(logger);
  logger.child = ((bindings: pino.Bindings, options?: pino.ChildLoggerOptions) => {
    made += 1;
    return child(bindings, options);
  }) as unknown as typeof logger.child;
  return { logger, lines, children: () => made };
}

const BINDINGS = { request_id: '01JDQ', trace_id: '4bf92f3577b34da6a3ce929d0e0e4736' };
const FIELDS = { method: 'GET', route: '/v1/transactions/:transaction_id', status: 200, duration_ms: 1.25 };

describe('RequestLogger', () => {
  it('writes the access line exactly as the pino child would, without making one', () => {
    const viaChild = capturingLogger();
    viaChild.logger.child(BINDINGS, {}).info(FIELDS, 'request completed');
    const lean = capturingLogger();
    new RequestLogger(lean.logger, BINDINGS, {}).line('info', FIELDS, 'request completed');
    assert.deepEqual(lean.lines, viaChild.lines);
    assert.match(lean.lines[0], /^\{"level":30,"pid":1,"hostname":"h","request_id":"01JDQ","trace_id":"4bf9.*","method":"GET",.*"msg":"request completed"\}/);
    assert.equal(lean.children(), 0);
  });

  it('makes the child at the first other line, once, and writes through it (bindings, serializers, redaction)', () => {
    const viaChild = capturingLogger();
    const child = viaChild.logger.child(BINDINGS, {});
    const lean = capturingLogger();
    const logger = new RequestLogger(lean.logger, BINDINGS, {});
    const error = Object.assign(new Error('boom'), { stack: 'Error: boom' });
    for (const target of [child, logger]) {
      target.error({ err: error, body: { password: 'secret', name: 'x' } }, 'unhandled error');
      target.warn('plain %s', 'text');
      target.info(FIELDS, 'request completed');
    }
    logger.line('info', FIELDS, 'request completed');
    child.info(FIELDS, 'request completed');
    assert.deepEqual(lean.lines, viaChild.lines);
    assert.ok(lean.lines[0].includes('"password":"[redacted]"'));
    assert.equal(lean.children(), 1);
  });

  it('makes no child for lines its level drops', () => {
    const lean = capturingLogger('warn');
    const logger = new RequestLogger(lean.logger, BINDINGS, {});
    logger.info(FIELDS, 'request completed');
    logger.debug('detail');
    logger.line('info', FIELDS, 'request completed');
    assert.deepEqual(lean.lines, []);
    assert.equal(lean.children(), 0);
    assert.equal(logger.level, 'warn');
  });

  it('leaves a route of its own level to the child', () => {
    const lean = capturingLogger('warn');
    const logger = new RequestLogger(lean.logger, BINDINGS, { level: 'info' });
    logger.line('info', FIELDS, 'request completed');
    assert.equal(lean.lines.length, 1);
    assert.equal(lean.children(), 1);
  });
});
