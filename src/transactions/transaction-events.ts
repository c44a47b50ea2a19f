import { EventType, NewEvent } from '../common/events/event-log';
import { toTransactionResponse } from './dto/transaction.response.dto';
import { Transaction } from './entities/transaction.entity';

/**
 * The events of a change to a transaction: one in its account's stream and,
 * for a transfer, one in the receiver's, each with that account's view.
 */
export function transactionEvents(type: Extract<EventType, `transaction.${string}`>, transaction: Transaction): NewEvent[] {
  const events: NewEvent[] = [{ type, accountId: transaction.accountId, object: toTransactionResponse(transaction) }];
  const receiver = transaction.counterpartyAccountId;
  if (receiver !== null) events.push({ type, accountId: receiver, object: toTransactionResponse(transaction, receiver) });
  return events;
}
