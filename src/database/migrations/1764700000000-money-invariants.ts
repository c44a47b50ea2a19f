import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Money invariants across every path (contract section 20). A refund object's transaction is found by its id
 * (a post or cancel through the transactions routes asks whether a refund owns it): one refund per transaction.
 * A request's amount_refunded becomes its settlement credit's, which refunds booked through the transactions
 * routes moved without it before.
 */
export class MoneyInvariants1764700000000 implements MigrationInterface {
  name = 'MoneyInvariants1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('refunds', new TableIndex({ name: 'uq_refunds_transaction_id', columnNames: ['transaction_id'], isUnique: true }));
    await queryRunner.query(
      `UPDATE payment_requests SET amount_refunded = (SELECT credit.amount_refunded FROM transactions credit WHERE credit.id = payment_requests.transaction_id)
       WHERE transaction_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('refunds', 'uq_refunds_transaction_id');
  }
}
