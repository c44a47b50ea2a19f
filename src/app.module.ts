import { DynamicModule, Module } from '@nestjs/common';
import { AccountClosureModule } from './account-closure/account-closure.module';
import { AccountsModule } from './accounts/accounts.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AuditModule } from './audit/audit.module';
import { MailModule } from './mail/mail.module';
import { AuthModule } from './auth/auth.module';
import { CheckoutModule } from './checkout/checkout.module';
import { BankStatementsModule } from './bank-statements/bank-statements.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { EventsModule } from './events/events.module';
import { HealthController } from './health/health.controller';
import { HousekeepingModule } from './housekeeping/housekeeping.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { LedgerModule } from './ledger/ledger.module';
import { LedgerCheckModule } from './ledger-check/ledger-check.module';
import { MetricsModule } from './metrics/metrics.module';
import { PaymentsModule } from './payments/payments.module';
import { SandboxModule } from './payments/providers/sandbox/sandbox.module';
import { PIPELINE_PROVIDERS } from './pipeline';
import { RefundsModule } from './refunds/refunds.module';
import { PayoutsModule } from './payouts/payouts.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { SignInModule } from './sign-in/sign-in.module';
import { TransactionsModule } from './transactions/transactions.module';
import { UsersModule } from './users/users.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The root module: the modules in the order of the module graph (each imports
 * only those before it), and the Nest part of the request pipeline, declared
 * in src/pipeline.ts, so tests get exactly what production runs.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RateLimitModule,
        IdempotencyModule,
        AuthModule,
        UsersModule,
        AccountsModule,
        LedgerModule,
        TransactionsModule,
        PaymentsModule,
        RefundsModule,
        PayoutsModule,
        // Without the sandbox (SANDBOX=false, the default in production) simulate is not a route at all.
        ...(SandboxModule.isEnabled(config) ? [SandboxModule] : []),
        EventsModule,
        AuditModule,
        MailModule,
        WebhooksModule,
        CheckoutModule,
        BankStatementsModule,
        SignInModule,
        ApiKeysModule,
        AccountClosureModule,
        LedgerCheckModule,
        MetricsModule.forRoot(config),
        HousekeepingModule,
      ],
      controllers: [HealthController],
      providers: PIPELINE_PROVIDERS,
    };
  }
}
