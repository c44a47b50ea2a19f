import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Mode } from '../../config/modes';
import { StartupError } from '../../config/startup-error';
import { PaymentProvider } from './payment-provider';
import { ProviderRegistration } from './provider-registration';

/** The enabled providers' instances, as the module builds them, and the names of every registered one (REGISTERED_PROVIDERS). */
export abstract class ProviderInstances {
  abstract readonly all: readonly PaymentProvider[];
  abstract readonly registered: readonly string[];
}

/** Builds the providers PAYMENT_PROVIDERS enables, and only those (a disabled provider's settings are not even read). */
export function enabledInstances(registrations: readonly ProviderRegistration[], config: AppConfig): ProviderInstances {
  const enabled = new Set(config.payments.providers);
  return { all: registrations.filter(({ name }) => enabled.has(name)).map((registration) => registration.create(config)), registered: registrations.map(({ name }) => name) };
}

/**
 * The enabled providers, by the name each payment request stores. Built once
 * at start-up from PAYMENT_PROVIDERS as the configuration reads it (without
 * the sandbox when SANDBOX=false); an unknown name stops the start.
 */
@Injectable()
export class PaymentProviders {
  private readonly enabled: ReadonlyMap<string, PaymentProvider>;

  constructor(instances: ProviderInstances, config: AppConfig) {
    const known = new Map(instances.all.map((provider) => [provider.name, provider]));
    const unknown = config.payments.providers.filter((name) => !instances.registered.includes(name));
    if (unknown.length > 0) {
      throw new StartupError(`PAYMENT_PROVIDERS names unknown providers (${unknown.join(', ')}); this build has ${instances.registered.join(', ')}`);
    }
    this.enabled = new Map(config.payments.providers.map((name) => [name, known.get(name)!]));
  }

  /** In PAYMENT_PROVIDERS's order. */
  list(): PaymentProvider[] {
    return [...this.enabled.values()];
  }

  /** The enabled provider of that name; null when it is unknown or not enabled (any more). */
  find(name: string): PaymentProvider | null {
    return this.enabled.get(name) ?? null;
  }

  /** The first enabled provider that serves accounts of the mode; null when none does. */
  defaultFor(mode: Mode): PaymentProvider | null {
    return this.list().find((provider) => provider.modes.includes(mode)) ?? null;
  }
}
