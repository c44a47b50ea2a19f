/**
 * Preloaded into the server (`node --require round-trips-on-signal.js dist/main.js`) when
 * BENCH_ROUND_TRIPS_DIR is set: counts the round trips the server's PostgreSQL connections make,
 * and on SIGURG writes the count so far to <dir>/round-trips-<pid>.json. A round trip is a burst
 * of messages sent after the connection last heard from the server: one per statement when each
 * is awaited, one for several statements sent together. What is sent while an HTTP request is being
 * handled counts as the requests'; the rest (the webhook worker's polls, the jobs, the replica's
 * probe) is counted apart, as background. With BENCH_LOG_STATEMENTS=1 it also prints the first line
 * of every statement to stderr (to see what one request sends).
 * SIGURG because it is ignored by default and nothing in the server listens to it.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { renameSync, writeFileSync } from 'node:fs';
import { Server } from 'node:http';
import { join } from 'node:path';
import type { Socket } from 'node:net';

interface PgConnection {
  attachListeners(stream: Socket): void;
  _send(buffer: Buffer): boolean;
}

interface PgClient {
  query(...args: unknown[]): unknown;
}

interface PgPool {
  connect(callback?: (...args: unknown[]) => void): unknown;
}

interface Counts {
  roundTrips: number;
  statements: number;
}

/** What a server wrote on SIGURG: what requests sent, and the background's apart. */
export interface CountsOnSignal extends Counts {
  background: Counts;
}

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  return typeof config === 'object' && config !== null && 'text' in config ? String(config.text) : '?';
}

const directory = process.env.BENCH_ROUND_TRIPS_DIR;
if (directory) {
  const inRequest = new AsyncLocalStorage<true>();
  // Node's HTTP server hands every request to its handler (Fastify's) through emit('request', ...).
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    return event === 'request' ? inRequest.run(true, () => emit.call(this, event, ...args)) : emit.call(this, event, ...args);
  };
  const counts: CountsOnSignal = { roundTrips: 0, statements: 0, background: { roundTrips: 0, statements: 0 } };
  const countsNow = (): Counts => (inRequest.getStore() === true ? counts : counts.background);

  const connectionClass = (require('pg/lib/connection') as { prototype: PgConnection }).prototype;
  const waiting = new WeakSet<PgConnection>();
  const attach = connectionClass.attachListeners;
  connectionClass.attachListeners = function (this: PgConnection, stream: Socket) {
    stream.on('data', () => waiting.delete(this));
    attach.call(this, stream);
  };
  const send = connectionClass._send;
  connectionClass._send = function (this: PgConnection, buffer: Buffer) {
    if (!waiting.has(this)) {
      waiting.add(this);
      countsNow().roundTrips += 1;
    }
    return send.call(this, buffer);
  };
  const logging = process.env.BENCH_LOG_STATEMENTS === '1';
  const pg = require('pg') as { Client: { prototype: PgClient }; Pool: { prototype: PgPool } };
  // pool.query waits for a client with a callback that the pool calls from whichever request released one:
  // bound to the caller's context, its statement counts where it was asked for.
  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function (this: PgPool, callback?: (...args: unknown[]) => void) {
    return callback === undefined ? connect.call(this) : connect.call(this, AsyncResource.bind(callback));
  };
  const clientClass = pg.Client.prototype;
  const query = clientClass.query;
  clientClass.query = function (this: PgClient, ...args: unknown[]) {
    countsNow().statements += 1;
    if (logging) process.stderr.write(`[sql] ${statementText(args[0]).replace(/\s+/g, ' ').slice(0, 160)}\n`);
    return query.apply(this, args);
  };

  process.on('SIGURG', () => {
    const file = join(directory, `round-trips-${process.pid}.json`);
    writeFileSync(`${file}.part`, JSON.stringify(counts));
    renameSync(`${file}.part`, file);
  });
}
