import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
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

  it('runs a job of the first lane after the one running, ahead of the normal jobs waiting, in order among themselves', async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await sleep(1);
    };
    const jobs = [queue.run(job('running')), queue.run(job('request 1')), queue.run(job('request 2'))];
    await sleep(0);
    jobs.push(queue.run(job('worker 1'), 'first'), queue.run(job('worker 2'), 'first'), queue.run(job('request 3')));
    await Promise.all(jobs);
    assert.deepEqual(order, ['running', 'worker 1', 'worker 2', 'request 1', 'request 2', 'request 3']);
  });

  it('runs each job in the async context of its caller, whoever started the queue', async () => {
    const queue = new SerialQueue();
    const context = new AsyncLocalStorage<string>();
    const seen = await Promise.all(['a', 'b', 'c'].map((name) => context.run(name, () => queue.run(async () => context.getStore()))));
    assert.deepEqual(seen, ['a', 'b', 'c']);
  });

  it('hands a job that throws before its first await to its caller, and goes on', async () => {
    const queue = new SerialQueue();
    const thrown = queue.run((() => {
      throw new Error('at once');
    }) as () => Promise<never>);
    await assert.rejects(thrown, /at once/);
    assert.equal(await queue.run(async () => 'next'), 'next');
  });
});
