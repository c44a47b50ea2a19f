import { setTimeout as sleep } from 'node:timers/promises';
import { DELIVERY_TIMEOUT_MS } from './webhook-sender';
import { signature } from './webhook-secrets';

/**
 * `npm run cli -- listen`: webhooks on a developer's machine with no inbound connection to it. It follows
 * the account's events through the API as any client would (GET /v1/events with after_sequence, which has
 * no gaps), signs each with a local secret exactly as a webhook endpoint's delivery is signed (Standard
 * Webhooks: webhook-id, webhook-timestamp, webhook-signature over the same body), and POSTs it to the
 * developer's receiver. The server needs no webhook setting: nothing connects to the receiver but this.
 */
export interface ListenOptions {
  apiUrl: string;
  forwardTo: string;
  email: string;
  password: string;
  /** `whsec_...`: the receiver verifies with it. */
  secret: string;
  /** Admins follow one account: the events list reads one account with after_sequence. */
  accountId?: string;
  pollIntervalMs: number;
  /** One line per forwarded event, and the notices (ready, API unreachable). */
  print: (line: string) => void;
  signal: AbortSignal;
}

interface ListedEvent {
  id: string;
  type: string;
  sequence: number;
}

interface EventPage {
  data: ListedEvent[];
  has_more: boolean;
}

/** The API's answer when it is not the one asked for: its error body in one line. */
class ApiAnswerError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`the API answered ${status}: ${body.slice(0, 300)}`);
  }
}

/** A logged-in user's calls to the API: refreshes the access token when it expires, logs in again when it cannot. */
class ApiSession {
  private accessToken: string | null = null;
  private refreshToken: string | null = null;

  constructor(private readonly options: ListenOptions) {}

  async login(): Promise<void> {
    const tokens = await this.call('POST', '/v1/auth/login', null, { email: this.options.email, password: this.options.password });
    this.keep(tokens);
  }

  async get<T>(path: string): Promise<T> {
    try {
      return (await this.call('GET', path, this.accessToken)) as T;
    } catch (error) {
      if (!(error instanceof ApiAnswerError) || error.status !== 401) throw error;
      await this.renew();
      return (await this.call('GET', path, this.accessToken)) as T;
    }
  }

  private async renew(): Promise<void> {
    try {
      this.keep(await this.call('POST', '/v1/auth/refresh', this.refreshToken));
    } catch (error) {
      if (!(error instanceof ApiAnswerError) || error.status !== 401) throw error;
      await this.login();
    }
  }

  private keep(tokens: unknown): void {
    const { access_token: access, refresh_token: refresh } = tokens as { access_token: string; refresh_token: string };
    this.accessToken = access;
    this.refreshToken = refresh;
  }

  private async call(method: string, path: string, token: string | null, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.options.apiUrl}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.any([this.options.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
    }).catch((error: unknown) => {
      throw new Error(`cannot reach the API at ${this.options.apiUrl}: ${describeFailure(error)}`);
    });
    const text = await response.text();
    if (!response.ok) throw new ApiAnswerError(response.status, text);
    return JSON.parse(text) as unknown;
  }
}

/** Runs until `signal` aborts; throws only when it cannot start (wrong credentials, no API). */
export async function listen(options: ListenOptions): Promise<void> {
  const session = new ApiSession(options);
  await session.login();
  const account = options.accountId === undefined ? '' : `&account_id=${encodeURIComponent(options.accountId)}`;
  // From now on, as a new endpoint would: the newest event so far is where it starts.
  const newest = await session.get<EventPage>(`/v1/events?limit=1${account}`);
  let sequence = newest.data[0]?.sequence ?? 0;
  options.print(`Ready: forwarding the events of ${options.email}'s account from ${options.apiUrl} to ${options.forwardTo}`);
  options.print(`Webhook signing secret: ${options.secret} (verify the webhooks your receiver gets with it; Ctrl-C stops)`);
  let unreachable = false;
  while (!options.signal.aborted) {
    let page: EventPage;
    try {
      page = await session.get<EventPage>(`/v1/events?after_sequence=${sequence}&limit=100${account}`);
      if (unreachable) options.print('The API answers again; catching up.');
      unreachable = false;
    } catch (error) {
      if (options.signal.aborted) break;
      if (!unreachable) options.print(`Cannot read events (${(error as Error).message}); retrying every ${options.pollIntervalMs} ms.`);
      unreachable = true;
      await pause(options);
      continue;
    }
    for (const event of page.data) {
      options.print(await forward(event, options));
      sequence = event.sequence;
    }
    if (!page.has_more) await pause(options);
  }
}

/** POSTs one event as a webhook delivery would, and says how the receiver answered. */
async function forward(event: ListedEvent, options: ListenOptions): Promise<string> {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  let outcome: string;
  try {
    const response = await fetch(options.forwardTo, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'payments-platform-cli-listen/1',
        'webhook-id': event.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature(options.secret, event.id, timestamp, body),
      },
      body,
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
    });
    await response.arrayBuffer();
    outcome = `[${response.status}]`;
  } catch (error) {
    outcome = `[failed: ${describeFailure(error)}]`;
  }
  return `${new Date().toISOString()}  --> ${event.type.padEnd(26)} ${event.id}  ${outcome}`;
}

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

async function pause(options: ListenOptions): Promise<void> {
  await sleep(options.pollIntervalMs, undefined, { signal: options.signal }).catch((error: unknown) => {
    // Stopping (Ctrl-C) ends the wait early; anything else is a bug to see.
    if (!options.signal.aborted) throw error;
  });
}
