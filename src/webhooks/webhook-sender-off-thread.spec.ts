import { Logger } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DeliveryOutcome } from './webhook-sender';
import { OffThreadSender, RunToSend } from './webhook-sender-off-thread';
import type { ResolvedTarget } from './webhook-url';

/**
 * A receiver in a process of its own (so that it answers while this test's event loop is blocked): it
 * answers each POST after `delay` ms with `status` (503 for the bodies named in `refuse`) and reports every
 * arrival, with the time it arrived, on stdout.
 */
const RECEIVER = `
const http = require('node:http');
let settings = { delay: 0, refuse: [] };
process.stdin.on('data', (chunk) => { settings = JSON.parse(String(chunk)); process.stdout.write('set\\n'); });
http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    process.stdout.write(JSON.stringify({ at: Date.now(), id: req.headers['webhook-id'], body }) + '\\n');
    setTimeout(() => { res.statusCode = settings.refuse.includes(body) ? 503 : 204; res.end(); }, settings.delay);
  });
}).listen(0, '127.0.0.1', function () { process.stdout.write(JSON.stringify({ port: this.address().port }) + '\\n'); });
`;

interface Arrival {
  at: number;
  id: string;
  body: string;
}

class Receiver {
  readonly arrivals: Arrival[] = [];
  private buffered = '';
  private waiting: ((line: string) => void) | null = null;

  private constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => {
      this.buffered += String(chunk);
      let newline: number;
      while ((newline = this.buffered.indexOf('\n')) >= 0) {
        const line = this.buffered.slice(0, newline);
        this.buffered = this.buffered.slice(newline + 1);
        if (line.startsWith('{"at"')) this.arrivals.push(JSON.parse(line) as Arrival);
        else this.waiting?.(line);
      }
    });
  }

  static async start(): Promise<{ receiver: Receiver; port: number }> {
    const receiver = new Receiver(spawn(process.execPath, ['-e', RECEIVER], { stdio: ['pipe', 'pipe', 'inherit'] }));
    const line = await receiver.next();
    return { receiver, port: (JSON.parse(line) as { port: number }).port };
  }

  async set(settings: { delay: number; refuse: string[] }): Promise<void> {
    const answered = this.next();
    this.child.stdin!.write(JSON.stringify(settings));
    await answered;
    this.arrivals.length = 0;
  }

  /**
   * The arrivals once `count` have been reported and nothing more came for a moment: the child's output is read
   * by this thread, which may see a run's end (from the sender's thread) before it.
   */
  async settled(count: number): Promise<Arrival[]> {
    const deadline = Date.now() + 5_000;
    while (this.arrivals.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    return this.arrivals;
  }

  async stop(): Promise<void> {
    this.child.kill();
    await once(this.child, 'exit');
  }

  private next(): Promise<string> {
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

function deliveries(count: number): RunToSend['deliveries'] {
  return Array.from({ length: count }, (_, index) => ({ eventId: `evt_${index}`, body: `{"n":${index}}` }));
}

function blockEventLoop(ms: number): number {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy: nothing else on this thread runs meanwhile.
  }
  return until;
}

describe('OffThreadSender', () => {
  let receiver: Receiver;
  let target: ResolvedTarget;
  let sender: OffThreadSender;

  before(async () => {
    const started = await Receiver.start();
    receiver = started.receiver;
    target = { url: new URL(`http://127.0.0.1:${started.port}/hooks`), address: '127.0.0.1', family: 4 };
  });
  beforeEach(() => {
    sender = new OffThreadSender(new Logger('spec'));
  });
  after(async () => {
    await sender.close();
    await receiver.stop();
  });

  const leaseOf = (seconds: number) => new Date(Date.now() + seconds * 1000);

  it('sends a run in order, one at a time, while the event loop that asked for it is blocked', async () => {
    await receiver.set({ delay: 0, refuse: [] });
    const outcomes: DeliveryOutcome[] = [];
    const ended = sender.send(target, [SECRET], leaseOf(60), deliveries(20), (_index, outcome) => outcomes.push(outcome));
    const blockedUntil = blockEventLoop(1_500);
    const end = await ended;
    assert.deepEqual(end, { attempted: 20, lost: false });
    const arrivals = await receiver.settled(20);
    assert.deepEqual(
      arrivals.map((arrival) => arrival.body),
      deliveries(20).map((delivery) => delivery.body),
    );
    assert.ok(
      arrivals.every((arrival) => arrival.at < blockedUntil),
      'every delivery arrived while this thread was blocked',
    );
    assert.ok(outcomes.every((outcome) => outcome.succeeded && outcome.statusCode === 204));
    await sender.close();
  });

  it('ends a run at its first refused delivery and sends nothing after it', async () => {
    await receiver.set({ delay: 0, refuse: ['{"n":2}'] });
    const outcomes: DeliveryOutcome[] = [];
    const end = await sender.send(target, [SECRET], leaseOf(60), deliveries(5), (_index, outcome) => outcomes.push(outcome));
    assert.deepEqual(end, { attempted: 3, lost: false });
    assert.deepEqual(
      outcomes.map((outcome) => outcome.statusCode),
      [204, 204, 503],
    );
    assert.equal((await receiver.settled(3)).length, 3);
    await sender.close();
  });

  it('starts no delivery its lease could not see answered and recorded', async () => {
    await receiver.set({ delay: 0, refuse: [] });
    const end = await sender.send(target, [SECRET], leaseOf(5), deliveries(3), () => assert.fail('nothing is sent'));
    assert.deepEqual(end, { attempted: 0, lost: false });
    assert.equal((await receiver.settled(0)).length, 0);
    await sender.close();
  });

  it('after stop(), finishes the delivery in flight and starts no other', async () => {
    await receiver.set({ delay: 300, refuse: [] });
    const ended = sender.send(target, [SECRET], leaseOf(60), deliveries(5), () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    sender.stop();
    assert.deepEqual(await ended, { attempted: 1, lost: false });
    assert.equal((await receiver.settled(1)).length, 1);
    await sender.close();
  });

  it('ends the runs of a thread that dies as lost, with the outcomes it reported, and starts a new thread for the next run', async () => {
    await receiver.set({ delay: 300, refuse: [] });
    const reported: number[] = [];
    const ended = sender.send(target, [SECRET], leaseOf(60), deliveries(5), (index) => reported.push(index));
    while (reported.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await sender.close();
    assert.deepEqual(await ended, { attempted: 1, lost: true });
    await receiver.set({ delay: 0, refuse: [] });
    assert.deepEqual(await sender.send(target, [SECRET], leaseOf(60), deliveries(2), () => undefined), { attempted: 2, lost: false });
    await sender.close();
  });
});
