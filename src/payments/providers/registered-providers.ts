import { BANK_TRANSFER } from './bank-transfer/bank-transfer.provider';
import { ProviderRegistration } from './provider-registration';
import { SANDBOX } from './sandbox/sandbox.provider';
import { STRIPE } from './stripe/stripe.provider';

/**
 * Every provider this build has, one line each; the only file outside a provider's folder that names it
 * (test/provider-registry.spec.ts). PAYMENT_PROVIDERS chooses which are enabled (and built) and in which
 * order of preference; SANDBOX=false leaves the sandbox out whatever it says.
 */
export const REGISTERED_PROVIDERS: readonly ProviderRegistration[] = [SANDBOX, BANK_TRANSFER, STRIPE];
