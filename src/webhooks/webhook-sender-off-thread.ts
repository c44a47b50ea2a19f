import { Logger } from '@nestjs/common';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DeliveryOutcome } from './webhook-sender';
import type { ResolvedTarget } from './webhook-url';

/** One stream's deliveries to one endpoint, to be sent in this order, each only once the one before it was accepted. */
export interface RunToSend {
  runId: number;
  /** The endpoint's address as checked: the URL, and the address it resolved to (connected to, never looked up again). */
  target: { href: string; address: string; family: 4 | 6 };
  /** The endpoint's secrets in clear, each signing every delivery (two while a rotation's overlap lasts). */
  secrets: string[];
  /** The run's lease: no delivery is started that could not be answered and recorded before it ends. */
  lockedUntil: number;
  deliveries: { eventId: string; body: string }[];
}

export type ToSenderThread = { kind: 'run'; run: RunToSend } | { kind: 'stop' };

export type FromSenderThread = { kind: 'sent'; runId: number; index: number; outcome: DeliveryOutcome } | { kind: 'ended'; runId: number; sent: number };

/** How a run ended: how many of its deliveries were attempted (their outcomes reported), and whether it was cut short by the thread's end. */
export interface RunEnd {
  attempted: number;
  /** The thread died: a delivery may have left without its outcome coming back, so nothing after it may be given back. */
  lost: boolean;
}

interface PendingRun {
  onOutcome: (index: number, outcome: DeliveryOutcome) => void;
  attempted: number;
  ended: (end: RunEnd) => void;
}

/**
 * Sends runs of webhook deliveries from a thread of its own (webhook-sender.thread.ts), started at the first
 * run: its event loop waits only on its own sockets, so the time from one delivery's answer to the next
 * delivery of the stream does not grow with the requests the server is answering, and the HTTP work (the
 * requests, their connections, the answers) runs beside the server's. Each outcome comes back as it is known;
 * a run ends with how many were attempted. A thread that dies ends its runs as lost (their leases run out and
 * the deliveries are sent again: at least once) and the next run starts a new one.
 */
export class OffThreadSender {
  private thread: Worker | null = null;
  private readonly runs = new Map<number, PendingRun>();
  private nextRunId = 1;
  private stopped = false;

  constructor(private readonly logger: Logger) {}

  send(target: ResolvedTarget, secrets: string[], lockedUntil: Date, deliveries: RunToSend['deliveries'], onOutcome: PendingRun['onOutcome']): Promise<RunEnd> {
    const runId = this.nextRunId++;
    const run: RunToSend = {
      runId,
      target: { href: target.url.href, address: target.address, family: target.family },
      secrets,
      lockedUntil: lockedUntil.getTime(),
      deliveries,
    };
    return new Promise((ended) => {
      this.runs.set(runId, { onOutcome, attempted: 0, ended });
      this.started().postMessage({ kind: 'run', run } satisfies ToSenderThread);
    });
  }

  /** No further delivery of any run is started; the runs end once their deliveries in flight are answered. */
  stop(): void {
    this.stopped = true;
    this.thread?.postMessage({ kind: 'stop' } satisfies ToSenderThread);
  }

  /** Ends the thread (and its idle connections), once every run has ended. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    if (thread !== null) await thread.terminate();
  }

  private started(): Worker {
    if (this.thread !== null) return this.thread;
    const thread = new Worker(join(__dirname, 'webhook-sender.thread.js'));
    thread.on('message', (message: FromSenderThread) => this.receive(message));
    thread.on('error', (error) => this.logger.error(`the webhook sender thread failed: ${error.message}`));
    thread.on('exit', () => this.lose(thread));
    // Idle, it keeps only keep-alive connections: it does not hold the process open.
    thread.unref();
    if (this.stopped) thread.postMessage({ kind: 'stop' } satisfies ToSenderThread);
    this.thread = thread;
    return thread;
  }

  private receive(message: FromSenderThread): void {
    const run = this.runs.get(message.runId);
    if (run === undefined) return;
    if (message.kind === 'sent') {
      run.attempted = message.index + 1;
      run.onOutcome(message.index, message.outcome);
      return;
    }
    this.runs.delete(message.runId);
    run.ended({ attempted: message.sent, lost: false });
  }

  /** The thread is gone: every run it held ends as lost. */
  private lose(thread: Worker): void {
    if (this.thread === thread) this.thread = null;
    for (const [runId, run] of this.runs) {
      this.runs.delete(runId);
      run.ended({ attempted: run.attempted, lost: true });
    }
  }
}
