/**
 * Preloaded into the server (`node --require round-trips-on-signal.js dist/main.js`) when
 * BENCH_ROUND_TRIPS_DIR is set: counts the round trips the server's PostgreSQL connections make,
 * and on SIGURG writes the count so far to <dir>/round-trips-<pid>.json. A round trip is a burst
 * of messages sent after the connection last heard from the server: one per statement when each
 * is awaited, one for several statements sent together. With BENCH_LOG_STATEMENTS=1 it also
 * prints the first line of every statement to stderr (to see what one request sends).
 * SIGURG because it is ignored by default and nothing in the server listens to it.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'node:net';

interface PgConnection {
  attachListeners(stream: Socket): void;
  _send(buffer: Buffer): boolean;
}

interface PgClient {
  query(...args: unknown[]): unknown;
}

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  return typeof config === 'object' && config !== null && 'text' in config ? String(config.text) : '?';
}

const directory = process.env.BENCH_ROUND_TRIPS_DIR;
if (directory) {
  const connectionClass = (require('pg/lib/connection') as { prototype: PgConnection }).prototype;
  const waiting = new WeakSet<PgConnection>();
  let roundTrips = 0;
  let statements = 0;

  const attach = connectionClass.attachListeners;
  connectionClass.attachListeners = function (this: PgConnection, stream: Socket) {
    stream.on('data', () => waiting.delete(this));
    attach.call(this, stream);
  };
  const send = connectionClass._send;
  connectionClass._send = function (this: PgConnection, buffer: Buffer) {
    if (!waiting.has(this)) {
      waiting.add(this);
      roundTrips += 1;
    }
    return send.call(this, buffer);
  };
  const logging = process.env.BENCH_LOG_STATEMENTS === '1';
  const clientClass = (require('pg') as { Client: { prototype: PgClient } }).Client.prototype;
  const query = clientClass.query;
  clientClass.query = function (this: PgClient, ...args: unknown[]) {
    statements += 1;
    if (logging) process.stderr.write(`[sql] ${statementText(args[0]).replace(/\s+/g, ' ').slice(0, 160)}\n`);
    return query.apply(this, args);
  };

  process.on('SIGURG', () => {
    const file = join(directory, `round-trips-${process.pid}.json`);
    writeFileSync(`${file}.part`, JSON.stringify({ roundTrips, statements }));
    renameSync(`${file}.part`, file);
  });
}
