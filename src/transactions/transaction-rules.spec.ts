import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '../common/errors/domain-error';
import { checkCounterparty, directionFor } from './transaction-rules';

const refusedOn = (field: string) => (error: unknown) => error instanceof DomainError && error.code === 'validation_error' && error.details?.[0].field === field;

describe('transaction rules', () => {
  it('imply the direction of every type but adjustment, from the account side', () => {
    assert.equal(directionFor('payment', undefined), 'debit');
    assert.equal(directionFor('transfer', undefined), 'debit');
    assert.equal(directionFor('credit', undefined), 'credit');
    assert.equal(directionFor('refund', 'credit'), 'credit');
  });

  it('refuse a direction that contradicts the type, and an adjustment without one', () => {
    assert.throws(() => directionFor('payment', 'credit'), refusedOn('direction'));
    assert.throws(() => directionFor('refund', 'debit'), refusedOn('direction'));
    assert.throws(() => directionFor('adjustment', undefined), refusedOn('direction'));
    assert.equal(directionFor('adjustment', 'debit'), 'debit');
    assert.equal(directionFor('adjustment', 'credit'), 'credit');
  });

  it('let only a transfer name a counterparty, and never its own account', () => {
    assert.doesNotThrow(() => checkCounterparty('transfer', 'acc_a', 'acc_b'));
    assert.doesNotThrow(() => checkCounterparty('payment', 'acc_a', undefined));
    assert.throws(() => checkCounterparty('transfer', 'acc_a', undefined), refusedOn('counterparty_account_id'));
    assert.throws(() => checkCounterparty('transfer', 'acc_a', 'acc_a'), refusedOn('counterparty_account_id'));
    assert.throws(() => checkCounterparty('credit', 'acc_a', 'acc_b'), refusedOn('counterparty_account_id'));
  });
});
