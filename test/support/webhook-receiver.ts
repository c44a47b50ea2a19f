import { createServer, IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { ApiClient } from './api-client';
import { listItems } from './shapes';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/**
 * A webhook receiver on a loopback port, as an integration would run one. It
 * answers each request with `answer` (200 unless told otherwise) and keeps
 * what it received, in order.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  answer: (request: { headers: IncomingHttpHeaders; body: string; index: number }) => number = () => 200;
  /** How long to hold each answer (a slow receiver). */
  delay: () => Promise<void> = () => Promise.resolve();
  /** Requests received and not yet answered. */
  pending = 0;
  /** The webhook-ids that arrived while a request with the same id was still unanswered. */
  readonly overlapping: string[] = [];
  private readonly open = new Set<string>();
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => void this.respond(request, response, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  private async respond(request: IncomingMessage, response: ServerResponse, body: string): Promise<void> {
    const id = String(request.headers['webhook-id']);
    if (this.open.has(id)) this.overlapping.push(id);
    this.open.add(id);
    this.pending += 1;
    await this.delay();
    this.pending -= 1;
    this.open.delete(id);
    const status = this.answer({ headers: request.headers, body, index: this.received.length });
    this.received.push({ headers: request.headers, body, status });
    response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The events of accepted deliveries (2xx), parsed, in the order they arrived. */
  accepted(): { id: string; type: string; sequence: number; account_id: string | null; data: { object: any } }[] {
    return this.received.filter((webhook) => webhook.status < 300).map((webhook) => JSON.parse(webhook.body));
  }

  /** Waits until `done` holds (polling), or fails after `timeoutMs`. */
  async waitFor(done: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; received ${this.received.length} webhooks`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/**
 * The endpoint's deliveries once `recorded` holds for them. The receiver sees
 * an attempt before the worker writes its outcome, so a test that read the
 * list right after the receiver answered would race the worker.
 */
export async function deliveriesOnce<Delivery = any>(
  api: ApiClient,
  token: string,
  endpointId: string,
  recorded: (deliveries: Delivery[]) => boolean,
  timeoutMs = 5_000,
): Promise<Delivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const deliveries: Delivery[] = await listItems(api, token, `/v1/webhook_endpoints/${endpointId}/deliveries`);
    if (recorded(deliveries)) return deliveries;
    if (Date.now() > deadline) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
