import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sealText, unsealText } from '../common/crypto/sealed-text';
import { newId } from '../common/ids/ids';
import { AppConfig } from '../config/app-config';
import { afterCommit } from '../database/database';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailSignal } from './mail-signal';

/** A mail to queue: plain text, and simple HTML beside it. Never holds a password; a token only in a link. */
export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailBody {
  text: string;
  html: string;
}

/**
 * Where every module queues mail (contract section 22): in the transaction of the change that causes it, so a mail
 * goes out if and only if its change committed, and never from inside a transaction (the worker sends). Without
 * SMTP_URL (outside production) each queued mail is also written to the development log once committed.
 */
@Injectable()
export class MailOutbox {
  private readonly logger = new Logger('Mail');

  constructor(
    private readonly config: AppConfig,
    private readonly outbox: MailOutboxRepository,
    private readonly signal: MailSignal,
  ) {}

  async queue(manager: EntityManager, mail: NewMail): Promise<void> {
    const body: MailBody = { text: mail.text, html: mail.html };
    const id = newId('mail');
    await this.outbox.insert(manager, {
      id,
      toAddress: mail.to,
      subject: mail.subject,
      sealedBody: sealText(JSON.stringify(body), this.config.mail.sealKey),
      createdAt: new Date(),
    });
    afterCommit(manager, () => {
      if (this.config.mail.smtpUrl === null)
        this.logger.log({ msg: 'mail queued (no SMTP_URL: not sent; npm run cli -- outbox)', mail: { id, to: mail.to, subject: mail.subject, text: mail.text } });
      else this.signal.nudge();
    });
  }

  /** The body a queued mail holds; null once sent (it is dropped). */
  bodyOf(sealedBody: string | null): MailBody | null {
    return sealedBody === null ? null : (JSON.parse(unsealText(sealedBody, this.config.mail.sealKey)) as MailBody);
  }
}
