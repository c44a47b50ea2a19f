import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { SerialQueue } from './serial-queue';

describe('SerialQueue', () => {
  it('runs jobs one at a time, in order, even when they await', async () => {
    const queue = new SerialQueue();
    const events: string[] = [];
    const job = (name: string, ms: number) => async () => {
      events.push(`start ${name}`);
      await sleep(ms);
      events.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([queue.run(job('a', 20)), queue.run(job('b', 1)), queue.run(job('c', 5))]);
    assert.deepEqual(results, ['a', 'b', 'c']);
    assert.deepEqual(events, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('keeps going after a job fails, and hands the failure to its caller only', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(async () => 'still running');
    await assert.rejects(failed, /boom/);
    assert.equal(await next, 'still running');
  });

  it('counts the jobs running or waiting', async () => {
    const queue = new SerialQueue();
    assert.equal(queue.size, 0);
    const jobs = [queue.run(() => sleep(5)), queue.run(async () => assert.equal(queue.size, 2)), queue.run(() => sleep(1))];
    assert.equal(queue.size, 3);
    await Promise.all(jobs);
    await sleep(0);
    assert.equal(queue.size, 0);
  });
});
