import assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { accountOwner, expectStatus, LoggedIn } from './support/factories';
import { builtScript } from './support/scripts';
import { startServerProcess, ServerProcess } from './support/server-process';
import { createTestDatabase, freeLoopbackPort, TestDatabase } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

interface Listener {
  process: ChildProcess;
  lines: string[];
  secret: string;
  waitForLine(matches: (line: string) => boolean, what: string): Promise<string>;
  stop(): Promise<number | null>;
}

/** `npm run cli -- listen` as a developer runs it: its own process, the password in PAYMENTS_PASSWORD. */
async function startListener(apiUrl: string, user: LoggedIn, forwardTo: string, extraArgs: string[] = []): Promise<Listener> {
  const child = spawn(process.execPath, [builtScript('cli.js'), 'listen', '--api', apiUrl, '--email', user.email, '--forward-to', forwardTo, ...extraArgs], {
    cwd: tmpdir(),
    env: { ...process.env, PAYMENTS_PASSWORD: user.password },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
  const waitForLine = async (matches: (line: string) => boolean, what: string): Promise<string> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = lines.find(matches);
      if (found) return found;
      if (child.exitCode !== null) throw new Error(`listen exited with ${child.exitCode} before ${what}; it printed:\n${lines.join('\n')}`);
      if (Date.now() > deadline) throw new Error(`listen printed no ${what}; it printed:\n${lines.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const secretLine = await waitForLine((line) => line.startsWith('Webhook signing secret: '), 'signing secret');
  return {
    process: child,
    lines,
    secret: /(whsec_\S+)/.exec(secretLine)![1],
    waitForLine,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGINT');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}

async function waitUntil(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('npm run cli -- listen, against a production server with no webhook setting', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  const receiver = new WebhookReceiver();
  let forwardTo: string;

  before(async () => {
    database = await createTestDatabase();
    // Production mode, and neither WEBHOOK_ALLOW_HTTP nor WEBHOOK_ALLOW_PRIVATE: the listener needs neither.
    // Production refuses limits at 0 (section 18) and needs the payee's account of bank_transfer, its default provider (section 16).
    server = await startServerProcess(database, {
      NODE_ENV: 'production',
      JWT_SECRET: 'a production secret: 16 or more distinct bytes, 32 or more in all',
      PUBLIC_BASE_URL: 'https://pay.example.com',
      SMTP_URL: 'smtp://127.0.0.1:25',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_PER_MINUTE: '1000',
      LOGIN_MAX_FAILURES: '100',
      SIGNUP_PER_MINUTE: '1000',
      BANK_TRANSFER_IBAN: 'GB82 WEST 1234 5698 7654 32',
      BANK_TRANSFER_BIC: 'WESTGB2L',
      BANK_TRANSFER_BENEFICIARY: 'Listener Test Ltd',
    });
    forwardTo = await receiver.start();
  });

  after(async () => {
    await server?.stop();
    await receiver.stop();
    await database?.drop();
  });

  it("forwards the account's new events, signed with the secret it prints, and prints a line per event with the receiver's status", async () => {
    const owner = await accountOwner(server.api);
    const before = (await server.api.get('/v1/events?limit=100', { token: owner.token })).body.data.length;
    assert.ok(before > 0, 'the account already has events, which the listener does not replay');
    const listener = await startListener(server.api.baseUrl, owner, forwardTo);
    try {
      receiver.answer = ({ index }) => (index === 1 ? 500 : 200);
      const created = await server.api.post('/v1/transactions', { type: 'credit', amount: 1250, currency: 'EUR' }, { token: owner.token });
      expectStatus(created, 201);
      const newest = (await server.api.get('/v1/events?limit=100', { token: owner.token })).body.data;
      const events = newest.slice(0, newest.length - before).reverse();
      assert.ok(events.length >= 2, JSON.stringify(events));
      await receiver.waitFor(() => receiver.received.length >= events.length, 'the new events');
      const verifier = new Webhook(listener.secret);
      for (const [index, webhook] of receiver.received.entries()) {
        // What the receiver got is the event as the API lists it, verifiable with the printed secret.
        assert.deepEqual(verifier.verify(webhook.body, webhook.headers as Record<string, string>), events[index]);
        assert.equal(webhook.headers['webhook-id'], events[index].id);
      }
      assert.throws(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(receiver.received[0].body, receiver.received[0].headers as Record<string, string>));

      await listener.waitForLine((line) => line.includes(events[events.length - 1].id), 'a line for the last event');
      const printed = listener.lines.filter((line) => line.includes(' --> '));
      assert.equal(printed.length, events.length, printed.join('\n'));
      for (const [index, event] of events.entries()) {
        assert.match(printed[index], new RegExp(`${event.type.replace('.', '\\.')}\\s+${event.id}\\s+\\[${index === 1 ? 500 : 200}\\]$`));
      }
    } finally {
      assert.equal(await listener.stop(), 0);
    }
  });

  it('catches up after the receiver or the listener was away: nothing is skipped, nothing is sent twice', async () => {
    const owner = await accountOwner(server.api);
    receiver.received.length = 0;
    receiver.answer = () => 200;
    const listener = await startListener(server.api.baseUrl, owner, forwardTo);
    try {
      // Booked at once, faster than the listener polls: it reads them after its last sequence, in order.
      for (let amount = 1; amount <= 5; amount += 1) {
        expectStatus(await server.api.post('/v1/transactions', { type: 'credit', amount, currency: 'EUR' }, { token: owner.token }), 201);
      }
      const created = () => receiver.accepted().filter((event) => event.type === 'transaction.created');
      await receiver.waitFor(() => created().length >= 5, 'five transaction.created');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.deepEqual(
        created().map((event) => event.data.object.amount),
        [1, 2, 3, 4, 5],
      );
      const sequences = receiver.accepted().map((event) => event.sequence);
      assert.deepEqual(
        sequences,
        sequences.map((_, index) => sequences[0] + index),
        'every event once, in order, no gap',
      );
    } finally {
      await listener.stop();
    }
  });

  it("drives docs/webhooks.md's receiver, run as written on the RECEIVER_PORT it is given, through its listen command", async () => {
    const page = readFileSync(join(process.cwd(), 'docs', 'webhooks.md'), 'utf8');
    const source = /saved as `receiver\.mjs`:\n\n```js\n([\s\S]*?)\n```/.exec(page)?.[1];
    assert.ok(source, 'docs/webhooks.md shows receiver.mjs');
    // Its walkthrough continues the README's first session: the user that session signed up, on the server it used.
    assert.match(
      page,
      /PAYMENTS_PASSWORD="\$PASSWORD" npm run cli -- listen --api "\$B" --email "\$EMAIL" \\\n {2}--secret "\$WEBHOOK_SECRET" --forward-to "http:\/\/localhost:\$RECEIVER_PORT\/webhooks"/,
    );
    const session = readFileSync(join(process.cwd(), 'scripts', 'first-session.sh'), 'utf8');
    for (const name of ['B', 'EMAIL', 'PASSWORD']) assert.match(session, new RegExp(`^${name}=`, 'm'), `the first session sets ${name}`);
    const port = await freeLoopbackPort();
    // Beside the repository's node_modules, where `standardwebhooks` resolves as in a reader's project.
    const dir = join(process.cwd(), '.test-build', `readme-receiver-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'receiver.mjs'), source);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const reader = spawn(process.execPath, [join(dir, 'receiver.mjs')], {
      env: { ...process.env, WEBHOOK_SECRET: secret, RECEIVER_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const printed: string[] = [];
    createInterface({ input: reader.stdout }).on('line', (line) => printed.push(line));
    const owner = await accountOwner(server.api);
    try {
      await waitUntil(() => printed.includes(`receiving webhooks at http://localhost:${port}/webhooks`), 'the receiver to listen on RECEIVER_PORT');
      const listener = await startListener(server.api.baseUrl, owner, `http://localhost:${port}/webhooks`, ['--secret', secret]);
      try {
        assert.equal(listener.secret, secret);
        const created = await server.api.post('/v1/transactions', { type: 'credit', amount: 700, currency: 'EUR' }, { token: owner.token });
        expectStatus(created, 201);
        const event = (await server.api.get('/v1/events?type=transaction.created&limit=1', { token: owner.token })).body.data[0];
        await waitUntil(() => printed.some((line) => line.startsWith(`transaction.created ${event.id} (sequence ${event.sequence})`)), 'the receiver to print the event');
        await listener.waitForLine((line) => line.includes(event.id), 'the line of the event');
        assert.match(
          listener.lines.find((line) => line.includes(event.id))!,
          /\[200\]$/,
        );
      } finally {
        await listener.stop();
      }
      // A webhook that is not signed with the secret is refused.
      const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
        method: 'POST',
        body: '{}',
        headers: { 'webhook-id': 'evt_x', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
      });
      assert.equal(forged.status, 400);
    } finally {
      reader.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says why it cannot start when the API does not answer, and exits 1', async () => {
    const closedPort = await freeLoopbackPort();
    const child = spawn(process.execPath, [builtScript('cli.js'), 'listen', '--api', `http://127.0.0.1:${closedPort}`, '--email', 'ada@example.com', '--forward-to', forwardTo], {
      cwd: tmpdir(),
      env: { ...process.env, PAYMENTS_PASSWORD: 'whatever it is' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.match(stderr, new RegExp(`listen could not start: cannot reach the API at http://127\\.0\\.0\\.1:${closedPort}: ECONNREFUSED`));
  });

  it('says why it cannot start when the password is wrong, and exits 1', async () => {
    const owner = await accountOwner(server.api);
    const child = spawn(process.execPath, [builtScript('cli.js'), 'listen', '--api', server.api.baseUrl, '--email', owner.email, '--forward-to', forwardTo], {
      cwd: tmpdir(),
      env: { ...process.env, PAYMENTS_PASSWORD: 'not the password at all' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.match(stderr, /listen could not start: the API answered 401: .*invalid_credentials/);
  });
});
