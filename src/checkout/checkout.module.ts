import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { PaymentsModule } from '../payments/payments.module';
import { AntiForgery } from './anti-forgery';
import { CheckoutThrottle } from './checkout-throttle';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';

/** The hosted checkout page customers pay on (/pay/{checkout_token}); above payments, which it drives. */
@Module({
  imports: [AccountsModule, PaymentsModule],
  controllers: [CheckoutController],
  providers: [CheckoutService, AntiForgery, CheckoutThrottle],
})
export class CheckoutModule {}
