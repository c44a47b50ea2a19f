import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutgoingMail } from './entities/outgoing-mail.entity';
import { MailOutbox } from './mail-outbox';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailSignal } from './mail-signal';
import { MailWorker } from './mail-worker';

/** Outgoing mail: the outbox every module queues into, in its own transaction, and the worker that sends it. */
@Module({
  imports: [TypeOrmModule.forFeature([OutgoingMail])],
  providers: [MailOutboxRepository, MailOutbox, MailSignal, MailWorker],
  exports: [MailOutbox, MailOutboxRepository, MailWorker],
})
export class MailModule {}
