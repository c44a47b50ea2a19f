import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * The hosted checkout: each payment request's page token and failure code, and
 * the indexes of the payment request list's filters. Requests created before
 * keep no token (their sandbox links never opened a page).
 */
export class Checkout1764090000000 implements MigrationInterface {
  name = 'Checkout1764090000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('payment_requests', [
      new TableColumn({ name: 'checkout_token', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'failure_code', type: 'varchar', length: '32', isNullable: true }),
    ]);
    await queryRunner.createIndices('payment_requests', [
      new TableIndex({ name: 'uq_payment_requests_checkout_token', columnNames: ['checkout_token'], isUnique: true }),
      new TableIndex({ name: 'idx_payment_requests_account_status', columnNames: ['account_id', 'status', 'id'] }),
      new TableIndex({ name: 'idx_payment_requests_account_purpose', columnNames: ['account_id', 'purpose', 'id'] }),
      new TableIndex({ name: 'idx_payment_requests_account_customer', columnNames: ['account_id', 'customer_email', 'id'] }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'idx_payment_requests_account_customer',
      'idx_payment_requests_account_purpose',
      'idx_payment_requests_account_status',
      'uq_payment_requests_checkout_token',
    ]) {
      await queryRunner.dropIndex('payment_requests', index);
    }
    await queryRunner.dropColumns('payment_requests', ['failure_code', 'checkout_token']);
  }
}
