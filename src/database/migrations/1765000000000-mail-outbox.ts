import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Outgoing mail (contract section 22): queued with the change that causes it, sent by a worker, its body sealed. */
export class MailOutbox1765000000000 implements MigrationInterface {
  name = 'MailOutbox1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'mail_outbox',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'to_address', type: 'varchar', length: '320' },
          { name: 'subject', type: 'varchar', length: '255' },
          { name: 'sealed_body', type: 'text', isNullable: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'attempts', type: 'integer' },
          { name: 'next_attempt_at', type: 'bigint' },
          { name: 'locked_until', type: 'bigint', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'sent_at', type: 'bigint', isNullable: true },
        ],
        indices: [{ name: 'idx_mail_outbox_status_next_attempt_at', columnNames: ['status', 'next_attempt_at'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('mail_outbox');
  }
}
