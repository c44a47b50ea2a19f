import { setTimeout as sleep } from 'node:timers/promises';
import { MailOutbox } from '../../src/mail/mail-outbox';
import { sql } from './sql';
import { TestApp } from './test-app';

/** A mail still in the outbox (no SMTP_URL: nothing is sent), unsealed as the worker would send it. */
export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mails queued to `address`, oldest first (read from the outbox table and opened with the app's key). */
export async function mailsTo(t: TestApp, address: string): Promise<QueuedMail[]> {
  const rows = (await sql(t.databaseUrl, 'SELECT to_address, subject, sealed_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at, id', [address])).rows as {
    to_address: string;
    subject: string;
    sealed_body: string | null;
  }[];
  const outbox = t.app.get(MailOutbox);
  return rows.map((row) => ({ to: row.to_address, subject: row.subject, ...(outbox.bodyOf(row.sealed_body) ?? { text: '', html: '' }) }));
}

/** The token of the link in a mail's text (`token=...`). */
export function tokenIn(text: string): string {
  const match = /[?#&]token=([A-Za-z0-9_-]{43})\b/.exec(text);
  if (match === null) throw new Error(`no link with a token in: ${text}`);
  return match[1];
}

/** The token of the newest mail to `address` whose subject matches. */
export async function latestToken(t: TestApp, address: string, subject: RegExp): Promise<string> {
  const mails = (await mailsTo(t, address)).filter((mail) => subject.test(mail.subject));
  if (mails.length === 0) throw new Error(`no mail to ${address} with a subject like ${subject}`);
  return tokenIn(mails[mails.length - 1].text);
}

/**
 * The mails to `address` whose subject matches, once there are `count` of them or `timeoutMs` has passed: mail
 * queued after an answer (a reset link) lands a moment later, later still on a loaded machine.
 */
export async function mailsOnceQueued(t: TestApp, address: string, subject: RegExp, count: number, timeoutMs = 10_000): Promise<QueuedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailsTo(t, address)).filter((mail) => subject.test(mail.subject));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await sleep(25);
  }
}
