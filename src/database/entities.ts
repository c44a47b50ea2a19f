import { Account } from '../accounts/entities/account.entity';
import { AuthToken } from '../auth/entities/auth-token.entity';
import { Session } from '../auth/entities/session.entity';
import { IdempotencyKey } from '../idempotency/entities/idempotency-key.entity';
import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { TransactionMetadataEntry } from '../transactions/entities/transaction-metadata.entity';
import { Transaction } from '../transactions/entities/transaction.entity';
import { User } from '../users/entities/user.entity';
import { InitialSchema1763690000000 } from './migrations/1763690000000-initial-schema';
import { TransactionsAndPayments1763780000000 } from './migrations/1763780000000-transactions-and-payments';

/** Every entity of the service; the migrations below must create exactly this schema. */
export const ENTITIES = [User, Account, Session, AuthToken, PaymentRequest, Transaction, TransactionMetadataEntry, IdempotencyKey];

/** In the order they run. */
export const MIGRATIONS = [InitialSchema1763690000000, TransactionsAndPayments1763780000000];
