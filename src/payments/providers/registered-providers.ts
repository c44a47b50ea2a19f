import { Type } from '@nestjs/common';
import { BankTransferPaymentProvider } from './bank-transfer/bank-transfer.provider';
import { PaymentProvider } from './payment-provider';
import { SandboxPaymentProvider } from './sandbox/sandbox.provider';

/**
 * Every provider this build has, one line each. PAYMENT_PROVIDERS chooses which are enabled and in
 * which order of preference; SANDBOX=false leaves the sandbox out whatever it says.
 */
export const REGISTERED_PROVIDERS: readonly Type<PaymentProvider>[] = [SandboxPaymentProvider, BankTransferPaymentProvider];
