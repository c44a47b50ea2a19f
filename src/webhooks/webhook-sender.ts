import { Agent as HttpAgent, AgentOptions, ClientRequestArgs, request as httpRequest, IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, AgentOptions as HttpsAgentOptions, request as httpsRequest } from 'node:https';
import { LookupFunction } from 'node:net';
import { ResolvedTarget } from './webhook-url';

/** A receiver has this long to answer; a delivery that takes longer failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer: enough to show an error, never a flood. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** Idle connections kept open per receiver (host, port and checked address), for its next deliveries. */
const IDLE_CONNECTIONS_PER_RECEIVER = 64;
/** How long an idle connection is kept: under most receivers' own keep-alive time-out (Node's is 5 s). */
const IDLE_CONNECTION_MS = 4_000;

/** The request options a connection is pooled by, with the address that was checked for it. */
type PooledRequest = ClientRequestArgs & { checkedAddress?: string };

/**
 * Keeps connections open between deliveries to one receiver (keep-alive), pooled by the address that was
 * checked and connected to, not only by the host's name: a connection is reused only for a delivery whose
 * own check resolved the host to that very address.
 */
function keepAliveAgent<Agent extends HttpAgent>(Base: new (options: AgentOptions & HttpsAgentOptions) => Agent): Agent {
  const agent = new Base({ keepAlive: true, maxFreeSockets: IDLE_CONNECTIONS_PER_RECEIVER, timeout: IDLE_CONNECTION_MS, scheduling: 'lifo' });
  const nameOf = agent.getName.bind(agent);
  agent.getName = (options?: PooledRequest) => `${nameOf(options)}:${options?.checkedAddress ?? ''}`;
  return agent;
}
const HTTP_AGENT = keepAliveAgent(HttpAgent);
const HTTPS_AGENT = keepAliveAgent(HttpsAgent);

export interface DeliveryOutcome {
  /** The receiver's status code, or null when there was no answer (refused, timed out...). */
  statusCode: number | null;
  succeeded: boolean;
  error: string | null;
  durationMs: number;
}

/**
 * POSTs one webhook. Connects to the address that was checked (a lookup
 * function that returns it, so DNS cannot rebind between check and connect),
 * or reuses an idle connection to that same address (keep-alive), follows no redirect (a 3xx is a failure), gives up after 10 s, and reads at
 * most 64 KiB of the answer.
 */
export function sendWebhook(target: ResolvedTarget, headers: Record<string, string>, body: string): Promise<DeliveryOutcome> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const secure = target.url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<DeliveryOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const options: PooledRequest = {
      method: 'POST',
      agent: secure ? HTTPS_AGENT : HTTP_AGENT,
      checkedAddress: target.address,
      lookup,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'payments-platform-webhooks/1' },
    };
    const req = send(target.url, options);
    const timer = setTimeout(() => {
      req.destroy();
      finish({ statusCode: null, succeeded: false, error: `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s` });
    }, DELIVERY_TIMEOUT_MS);
    req.on('error', (error) => finish({ statusCode: null, succeeded: false, error: error.message.slice(0, 500) }));
    req.on('response', (response: IncomingMessage) => readCapped(response, (text) => finish(outcomeOf(response.statusCode ?? 0, text))));
    req.end(body);
  });
}

function outcomeOf(statusCode: number, text: string): Omit<DeliveryOutcome, 'durationMs'> {
  const succeeded = statusCode >= 200 && statusCode < 300;
  return { statusCode, succeeded, error: succeeded ? null : `answered ${statusCode}${text === '' ? '' : `: ${text.slice(0, 200)}`}` };
}

/** Reads the answer up to the cap, then lets the connection go. */
function readCapped(response: IncomingMessage, done: (text: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    if (size >= MAX_RESPONSE_BYTES) return;
    chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
    size += chunk.length;
    if (size >= MAX_RESPONSE_BYTES) {
      response.destroy();
      done(Buffer.concat(chunks).toString('utf8'));
    }
  });
  response.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
  response.on('error', () => done(Buffer.concat(chunks).toString('utf8')));
}
