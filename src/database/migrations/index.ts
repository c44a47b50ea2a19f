import { InitialSchema1763690000000 } from './1763690000000-initial-schema';
import { TransactionsAndPayments1763780000000 } from './1763780000000-transactions-and-payments';
import { Ledger1763870000000 } from './1763870000000-ledger';
import { Events1763960000000 } from './1763960000000-events';
import { Webhooks1764000000000 } from './1764000000000-webhooks';
import { Checkout1764090000000 } from './1764090000000-checkout';
import { Housekeeping1764200000000 } from './1764200000000-housekeeping';
import { WebhookDeliveryAttempts1764250000000 } from './1764250000000-webhook-delivery-attempts';
import { modesAndProviders } from './1764300000000-modes-and-providers';
import { MoneyThatComesBack1764400000000 } from './1764400000000-money-that-comes-back';
import { ApiKeysAndAudit1764600000000 } from './1764600000000-api-keys-and-audit';
import { MoneyInvariants1764700000000 } from './1764700000000-money-invariants';
import { AuditChainRecords1764800000000 } from './1764800000000-audit-chain-records';
import { AuditRetentionByOwner1764900000000 } from './1764900000000-audit-retention-by-owner';
import { MailOutbox1765000000000 } from './1765000000000-mail-outbox';
import { BankStatementsAsBanksWriteThem1765150000000 } from './1765150000000-bank-statements-as-banks-write-them';
import { PeopleEmailLinks1765210000000 } from './1765210000000-people-email-links';
import { TwoFactors1765220000000 } from './1765220000000-two-factors';
import { Payouts1765300000000 } from './1765300000000-payouts';
import { ProviderEvents1765310000000 } from './1765310000000-provider-events';
import { WebhookQueueIndexes1765400000000 } from './1765400000000-webhook-queue-indexes';
import { Mode } from '../../config/modes';

/**
 * In the order they run; together they create exactly the schema the modules' entities describe.
 * `existingAccountsMode` (ACCOUNTS_DEFAULT_MODE) is the mode that accounts made before modes existed get.
 */
export function migrationsFor(existingAccountsMode: Mode) {
  return [
    InitialSchema1763690000000,
    TransactionsAndPayments1763780000000,
    Ledger1763870000000,
    Events1763960000000,
    Webhooks1764000000000,
    Checkout1764090000000,
    Housekeeping1764200000000,
    WebhookDeliveryAttempts1764250000000,
    modesAndProviders(existingAccountsMode),
    MoneyThatComesBack1764400000000,
    ApiKeysAndAudit1764600000000,
    MoneyInvariants1764700000000,
    AuditChainRecords1764800000000,
    AuditRetentionByOwner1764900000000,
    MailOutbox1765000000000,
    BankStatementsAsBanksWriteThem1765150000000,
    PeopleEmailLinks1765210000000,
    TwoFactors1765220000000,
    Payouts1765300000000,
    ProviderEvents1765310000000,
    WebhookQueueIndexes1765400000000,
  ];
}
