import { EnvReader } from '../../../config/env-reader';
import { Mode } from '../../../config/modes';

/** What the Stripe provider reads from the environment, only when PAYMENT_PROVIDERS enables `stripe`. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The mode of the money the key moves: sk_test_ (rk_test_) keys serve test accounts, sk_live_ ones live accounts. */
  mode: Mode;
  /** Where Stripe's API answers (STRIPE_API_BASE): null for Stripe itself; a fake Stripe in the tests. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

const KEY_MODE = /^(?:sk|rk)_(test|live)_[A-Za-z0-9]+$/;

export function readStripeSettings(reader: EnvReader): StripeSettings {
  const secretKey = reader.text('STRIPE_SECRET_KEY', '');
  const webhookSecret = reader.text('STRIPE_WEBHOOK_SECRET', '');
  const keyMode = KEY_MODE.exec(secretKey)?.[1] as Mode | undefined;
  if (keyMode === undefined) reader.problem('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...) when PAYMENT_PROVIDERS enables stripe');
  if (!webhookSecret.startsWith('whsec_')) reader.problem("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_...) when PAYMENT_PROVIDERS enables stripe");
  return { secretKey, webhookSecret, mode: keyMode ?? 'test', api: apiBase(reader) };
}

function apiBase(reader: EnvReader): StripeSettings['api'] {
  const raw = reader.text('STRIPE_API_BASE', '');
  if (raw === '') return null;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    reader.problem(`STRIPE_API_BASE must be an http(s) URL such as http://127.0.0.1:12111, got "${raw}"`);
    return null;
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port), protocol };
}
