/**
 * The webhook receiver the delivery figures are measured with: a plain node:http server on a
 * loopback port that notes each delivery's arrival time and answers 204 at once. It checks only
 * that the Standard Webhooks headers are there (verifying the signatures would be the receiver's
 * cost, not the service's). Runs as its own process, forked by webhook-receiver-process.ts, so
 * that its arrival times are not delayed by the load generator's event loop.
 *
 * Messages from the parent (IPC): { hold: true } keeps every answer back until { hold: false }
 * (the deliveries then in flight stay in flight, so a backlog builds up behind them);
 * { status: 503 } answers every request with that status from then on (204 again with { status: 204 });
 * { collect: true } is answered with { arrivals } (those since the last collect).
 * `node webhook-receiver.js <port>`; sends { ready: true } once it listens.
 */
import { createServer, ServerResponse } from 'node:http';

export interface Arrival {
  /** The webhook-id header: the event's id, the same for every attempt of it. */
  webhookId: string;
  type: string;
  accountId: string | null;
  sequence: number;
  /** The event's created_at (epoch ms), from the payload. */
  createdAt: number;
  /** data.object.id: for a transaction.* event, the transaction's id. */
  objectId: string | null;
  /** Date.now() when the whole request had arrived. */
  at: number;
  /** The status it was answered with, unless held: then the one set when it arrived. */
  status: number;
  /** Without a webhook-id, webhook-timestamp or webhook-signature header, or with a body that is not an event. */
  malformed: boolean;
}

export type ReceiverCommand = { hold: boolean } | { status: number } | { collect: true };
export type ReceiverMessage = { ready: true } | { arrivals: Arrival[] };

interface EventPayload {
  id?: string;
  type?: string;
  account_id?: string | null;
  sequence?: number;
  created_at?: string;
  data?: { object?: { id?: string } };
}

function main(): void {
  const port = Number(process.argv[2]);
  let arrivals: Arrival[] = [];
  let holding = false;
  let status = 204;
  let held: ServerResponse[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      arrivals.push(toArrival(request.headers, Buffer.concat(chunks).toString('utf8'), at, status));
      if (holding) held.push(response);
      else answer(response, status);
    });
  });
  server.keepAliveTimeout = 60_000;

  process.on('message', (command: ReceiverCommand) => {
    if ('hold' in command) {
      holding = command.hold;
      if (!holding) {
        for (const response of held) answer(response, status);
        held = [];
      }
      return;
    }
    if ('status' in command) {
      status = command.status;
      return;
    }
    const batch = arrivals;
    arrivals = [];
    process.send?.({ arrivals: batch } satisfies ReceiverMessage);
  });
  process.on('disconnect', () => process.exit(0));
  server.listen(port, '127.0.0.1', () => process.send?.({ ready: true } satisfies ReceiverMessage));
}

function answer(response: ServerResponse, status: number): void {
  response.writeHead(status);
  response.end();
}

function toArrival(headers: NodeJS.Dict<string | string[]>, body: string, at: number, status: number): Arrival {
  const header = (name: string) => (typeof headers[name] === 'string' ? headers[name] : '');
  let event: EventPayload = {};
  try {
    event = JSON.parse(body) as EventPayload;
  } catch {
    // counted as malformed below
  }
  const createdAt = event.created_at === undefined ? Number.NaN : Date.parse(event.created_at);
  const malformed =
    header('webhook-id') === '' ||
    header('webhook-timestamp') === '' ||
    !header('webhook-signature').startsWith('v1,') ||
    event.id !== header('webhook-id') ||
    Number.isNaN(createdAt);
  return {
    webhookId: header('webhook-id'),
    type: event.type ?? '',
    accountId: event.account_id ?? null,
    sequence: Number(event.sequence),
    createdAt,
    objectId: event.data?.object?.id ?? null,
    at,
    status,
    malformed,
  };
}

if (require.main === module) main();
