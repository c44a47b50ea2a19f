import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Database } from '../src/database/database';
import { MailOutbox, NewMail } from '../src/mail/mail-outbox';
import { builtScript, runScript } from './support/scripts';
import { SmtpInbox } from './support/smtp-inbox';
import { sql } from './support/sql';
import { createTestDatabase, startTestApp, TEST_JWT_SECRET, TestApp, TestDatabase, useTestApp } from './support/test-app';

/**
 * The mail outbox (contract section 22), against a real SMTP server: a mail is queued in the transaction of its
 * change, sent by the worker once that commits, kept sealed at rest, its body dropped once sent, and it waits (never
 * lost) while the SMTP server is away.
 */

const FROM = 'Payments <no-reply@payments.example>';
const isPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '';

function mail(subject: string): NewMail {
  return { to: 'ada@example.com', subject, text: `Hello Ada, ${subject}: https://pay.example/reset?token=secret-${subject}`, html: `<p>Hello Ada, ${subject}</p>` };
}

function queue(t: TestApp, queued: NewMail): Promise<void> {
  return t.app.get(Database).transaction((manager) => t.app.get(MailOutbox).queue(manager, queued));
}

async function outboxRows(t: TestApp): Promise<{ subject: string; status: string; sealed_body: string | null; attempts: number | string; last_error: string | null }[]> {
  return (await sql(t.databaseUrl, 'SELECT subject, status, sealed_body, attempts, last_error FROM mail_outbox ORDER BY id')).rows as never;
}

describe('the mail outbox, with an SMTP server', () => {
  const inbox = new SmtpInbox();
  const env: Record<string, string> = { MAIL_FROM: FROM, MAIL_RETRY_WAITS: '1s' };
  before(async () => {
    env.SMTP_URL = await inbox.start();
  });
  const t = useTestApp(env);
  after(() => inbox.stop());

  it('sends a mail once its transaction commits, from MAIL_FROM, with text and HTML, and then drops its body', async () => {
    await queue(t, mail('welcome'));
    await assert.rejects(
      t.app.get(Database).transaction(async (manager) => {
        await t.app.get(MailOutbox).queue(manager, mail('rolled back'));
        throw new Error('the change failed');
      }),
    );
    await inbox.waitFor(() => inbox.received.length >= 1, 'the mail');
    const [received] = inbox.received;
    assert.deepEqual(
      { ...received, html: received.html.trim() },
      { from: 'no-reply@payments.example', to: 'ada@example.com', subject: 'welcome', text: mail('welcome').text, html: '<p>Hello Ada, welcome</p>' },
    );
    let rows = await outboxRows(t);
    for (let wait = 0; wait < 100 && rows[0]?.status !== 'sent'; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await outboxRows(t);
    }
    assert.deepEqual(
      rows.map((row) => [row.subject, row.status, row.sealed_body]),
      [['welcome', 'sent', null]],
      'the rolled-back mail was never queued; the sent one keeps no body',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(inbox.received.length, 1, 'sent once');
  });

  it('waits in the outbox while the SMTP server is away, sealed, and goes out when it is back: nothing lost, nothing twice', async () => {
    const port = inbox.port;
    await inbox.stop();
    inbox.received.length = 0;
    for (const subject of ['one', 'two', 'three']) await queue(t, mail(subject));
    let rows = (await outboxRows(t)).filter((row) => row.status === 'pending');
    for (let wait = 0; wait < 200 && !rows.every((row) => row.last_error !== null); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      rows = (await outboxRows(t)).filter((row) => row.status === 'pending');
    }
    assert.equal(rows.length, 3);
    for (const row of rows) {
      assert.ok(row.last_error !== null, 'an attempt failed and was recorded');
      assert.ok(row.sealed_body !== null && !row.sealed_body.includes('secret-'), 'the body is sealed at rest');
    }
    await inbox.start(port);
    await inbox.waitFor(() => inbox.received.length >= 3, 'the three mails', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.deepEqual(inbox.received.map((received) => received.subject).sort(), ['one', 'three', 'two']);
  });
});

describe('the mail outbox without SMTP_URL', () => {
  const t = useTestApp();

  it('keeps the mail, and npm run cli -- outbox prints it with its text', async () => {
    await queue(t, mail('reset'));
    // The CLI unseals with the key derived from the same root secret as the server's.
    const result = await runScript(builtScript('cli.js'), ['outbox'], t.databaseUrl, { LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /to ada@example\.com {2}\(pending, 0 attempt\(s\)\)\nSubject: reset\n\nHello Ada, reset: https:\/\/pay\.example\/reset\?token=secret-reset/);
  });
});

describe('the mail outbox with two instances', { skip: isPostgres ? false : 'PostgreSQL: instances in one process would share one SQLite writer' }, () => {
  const inbox = new SmtpInbox();
  let database: TestDatabase;
  const apps: TestApp[] = [];
  before(async () => {
    const smtpUrl = await inbox.start();
    database = await createTestDatabase();
    for (let index = 0; index < 2; index += 1) apps.push(await startTestApp({ SMTP_URL: smtpUrl, MAIL_FROM: FROM }, database));
  });
  after(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
    await inbox.stop();
  });

  it('sends each mail once', async () => {
    const subjects = Array.from({ length: 30 }, (_, index) => `mail ${index}`);
    await Promise.all(subjects.map((subject, index) => queue(apps[index % 2], mail(subject))));
    await inbox.waitFor(() => inbox.received.length >= subjects.length, 'every mail', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.deepEqual(inbox.received.map((received) => received.subject).sort(), [...subjects].sort());
  });
});
