/**
 * Preloaded into the server (`node --require round-trips-on-signal.js dist/main.js`) when
 * BENCH_ROUND_TRIPS_DIR is set: counts the round trips the server's PostgreSQL connections make,
 * and on SIGURG writes the count so far to <dir>/round-trips-<pid>.json. A round trip is a burst
 * of messages sent after the connection last heard from the server: one per statement when each
 * is awaited, one for several statements sent together. The webhook worker's pool (its connections
 * named CONNECTION_NAMES.webhooks) is counted apart: its polls are not the requests'. With BENCH_LOG_STATEMENTS=1 it also
 * prints the first line of every statement to stderr (to see what one request sends).
 * SIGURG because it is ignored by default and nothing in the server listens to it.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { CONNECTION_NAMES } from '../../src/database/connection-names';

interface PgConnection {
  attachListeners(stream: Socket): void;
  _send(buffer: Buffer): boolean;
}

interface PgClient {
  query(...args: unknown[]): unknown;
  connect(...args: unknown[]): unknown;
  connection: PgConnection;
  connectionParameters: { application_name?: string };
}

/** What a server wrote on SIGURG: the requests' pools' counts, and the webhook worker's apart. */
export interface CountsOnSignal {
  roundTrips: number;
  statements: number;
  worker: { roundTrips: number; statements: number };
}

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  return typeof config === 'object' && config !== null && 'text' in config ? String(config.text) : '?';
}

const directory = process.env.BENCH_ROUND_TRIPS_DIR;
if (directory) {
  const connectionClass = (require('pg/lib/connection') as { prototype: PgConnection }).prototype;
  const waiting = new WeakSet<PgConnection>();
  const ofWorker = new WeakSet<PgConnection>();
  const counts: CountsOnSignal = { roundTrips: 0, statements: 0, worker: { roundTrips: 0, statements: 0 } };
  const countsOf = (connection: PgConnection) => (ofWorker.has(connection) ? counts.worker : counts);

  const attach = connectionClass.attachListeners;
  connectionClass.attachListeners = function (this: PgConnection, stream: Socket) {
    stream.on('data', () => waiting.delete(this));
    attach.call(this, stream);
  };
  const send = connectionClass._send;
  connectionClass._send = function (this: PgConnection, buffer: Buffer) {
    if (!waiting.has(this)) {
      waiting.add(this);
      countsOf(this).roundTrips += 1;
    }
    return send.call(this, buffer);
  };
  const logging = process.env.BENCH_LOG_STATEMENTS === '1';
  const clientClass = (require('pg') as { Client: { prototype: PgClient } }).Client.prototype;
  const connect = clientClass.connect;
  clientClass.connect = function (this: PgClient, ...args: unknown[]) {
    if (this.connectionParameters.application_name === CONNECTION_NAMES.webhooks) ofWorker.add(this.connection);
    return connect.apply(this, args);
  };
  const query = clientClass.query;
  clientClass.query = function (this: PgClient, ...args: unknown[]) {
    countsOf(this.connection).statements += 1;
    if (logging) process.stderr.write(`[sql] ${statementText(args[0]).replace(/\s+/g, ' ').slice(0, 160)}\n`);
    return query.apply(this, args);
  };

  process.on('SIGURG', () => {
    const file = join(directory, `round-trips-${process.pid}.json`);
    writeFileSync(`${file}.part`, JSON.stringify(counts));
    renameSync(`${file}.part`, file);
  });
}
