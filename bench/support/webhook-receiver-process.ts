// Runs bench/support/webhook-receiver.ts in a process of its own and keeps what it received.
import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { Arrival, ReceiverCommand, ReceiverMessage } from './webhook-receiver';

const READY_TIMEOUT_MS = 10_000;

export class WebhookReceiver {
  /** Everything received so far, in order of arrival (collected from the process on demand). */
  readonly arrivals: Arrival[] = [];
  private pending: ((arrivals: Arrival[]) => void)[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on('message', (message: ReceiverMessage) => {
      if ('arrivals' in message) this.pending.shift()?.(message.arrivals);
    });
  }

  static async start(port: number): Promise<WebhookReceiver> {
    const child = fork(join(__dirname, 'webhook-receiver.js'), [String(port)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the webhook receiver did not listen on ${port} within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      child.once('exit', (code) => reject(new Error(`the webhook receiver exited with ${String(code)}`)));
      child.once('message', (message: ReceiverMessage) => {
        clearTimeout(timer);
        if ('ready' in message) resolve();
        else reject(new Error('the webhook receiver sent something before it was ready'));
      });
    });
    return new WebhookReceiver(child, `http://127.0.0.1:${port}/webhooks`);
  }

  /** While on, the receiver keeps its answers back: the deliveries in flight stay in flight. */
  hold(on: boolean): void {
    this.send({ hold: on });
  }

  /** Every request answered with this status from now on (204 at the start). */
  answerWith(status: number): void {
    this.send({ status });
  }

  /** Fetches what arrived since the last call into `arrivals`; returns the number of arrivals so far. */
  async collect(): Promise<number> {
    const batch = await new Promise<Arrival[]>((resolve) => {
      this.pending.push(resolve);
      this.send({ collect: true });
    });
    for (const arrival of batch) this.arrivals.push(arrival);
    return this.arrivals.length;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }

  private send(command: ReceiverCommand): void {
    this.child.send(command);
  }
}
