import { AppConfig } from '../../config/app-config';
import { PaymentProvider } from './payment-provider';

/**
 * How a provider's folder offers its provider to the registry (one line in registered-providers.ts): its name
 * (what PAYMENT_PROVIDERS and a request's `provider` say) and how to build it. `create` runs only when the
 * provider is enabled, so a disabled one is never constructed and its settings are never read (nor required);
 * it reads its own settings with config.readSettings.
 */
export interface ProviderRegistration {
  readonly name: string;
  create(config: AppConfig): PaymentProvider;
}
