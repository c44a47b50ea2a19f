import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { retryDelayMs } from '../common/retry/retry-schedule';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { databaseUnavailableReason } from '../database/database-unavailable';
import { ClaimedMail, MailOutboxRepository } from './mail-outbox.repository';
import { MailOutbox } from './mail-outbox';
import { MailSignal } from './mail-signal';

/** Mails claimed at once. */
const BATCH = 10;
/** How long a claim holds a mail: a worker that dies while sending leaves it to another after this. */
const LEASE_MS = 60_000;
/** How often the outbox is looked at when nothing wakes the worker (mails queued by other instances, retries). */
const POLL_MS = 1_000;
/** An SMTP server that does not answer within this is a failed attempt. */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Sends the outbox over SMTP (nodemailer), at least once per mail and never two instances the same one at the same
 * time: each mail is claimed under a lease (FOR UPDATE SKIP LOCKED on PostgreSQL) and its outcome written only under
 * that lease. A failure waits MAIL_RETRY_WAITS before the next attempt; after the last it is given up (`failed`).
 * Started by the server only (createApp), and only with SMTP_URL.
 */
@Injectable()
export class MailWorker implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private transport: Transporter | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly config: AppConfig,
    private readonly db: Database,
    private readonly outbox: MailOutboxRepository,
    private readonly mail: MailOutbox,
    signal: MailSignal,
  ) {
    signal.listen(() => this.wake());
  }

  start(): void {
    const smtpUrl = this.config.mail.smtpUrl;
    if (smtpUrl === null || this.transport !== null) return;
    this.transport = createTransport(smtpOptions(smtpUrl));
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
    this.transport = null;
  }

  /** One pass at a time; a wake during a pass runs another after it. */
  private wake(): void {
    if (this.transport === null) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) => {
        const unavailable = databaseUnavailableReason(error);
        this.logger.warn(`mail waits in the outbox: ${unavailable ?? (error as Error).message}`);
      })
      .finally(() => {
        this.running = null;
        if (this.again && this.timer !== null) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const claimed = await this.db.transaction((manager) => this.outbox.claimDue(manager, new Date(), LEASE_MS, BATCH));
      for (const mail of claimed) await this.send(mail);
      if (claimed.length < BATCH || this.timer === null) return;
    }
  }

  private async send(mail: ClaimedMail): Promise<void> {
    const transport = this.transport;
    const body = this.mail.bodyOf(mail.sealedBody);
    if (transport === null || body === null) return;
    try {
      await transport.sendMail({ from: this.config.mail.from, to: mail.to, subject: mail.subject, text: body.text, html: body.html });
    } catch (error) {
      await this.failed(mail, (error as Error).message);
      return;
    }
    await this.db.run((manager) => this.outbox.markSent(manager, mail, new Date()));
  }

  /** The SMTP server refused or did not answer: again after its wait, or given up after the last. */
  private async failed(mail: ClaimedMail, reason: string): Promise<void> {
    const waits = this.config.mail.retryWaitsSeconds;
    if (mail.attempts > waits.length) {
      this.logger.warn(`mail ${mail.id} given up after ${mail.attempts} attempts: ${reason}`);
      await this.db.run((manager) => this.outbox.markFailed(manager, mail, reason));
    } else {
      await this.db.run((manager) => this.outbox.markRetry(manager, mail, new Date(Date.now() + retryDelayMs(mail.attempts, waits)), reason));
    }
  }
}

/** SMTP_URL as nodemailer's options: smtps:// is TLS from the start (port 465), smtp:// upgrades with STARTTLS when offered. */
function smtpOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    auth: url.username === '' ? undefined : { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
}
