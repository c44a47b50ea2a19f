import { Environment, listeningUrl } from './app-config';

/** What `npm run cli -- listen` reads of the environment (its flags win). */
export interface ListenSettings {
  /** Where the API answers: PAYMENTS_API_URL, else PUBLIC_BASE_URL, else the address HOST and PORT give a local server. */
  apiUrl: string;
  /** The user it logs in as (PAYMENTS_EMAIL), and that user's password (PAYMENTS_PASSWORD; else standard input). */
  email: string | null;
  password: string | null;
}

export function listenSettings(env: Environment): ListenSettings {
  const text = (name: string): string | null => env[name]?.trim() || null;
  const port = Number(text('PORT') ?? 3000);
  return {
    apiUrl: (text('PAYMENTS_API_URL') ?? text('PUBLIC_BASE_URL') ?? listeningUrl(text('HOST') ?? '127.0.0.1', Number.isInteger(port) ? port : 3000)).replace(/\/+$/, ''),
    email: text('PAYMENTS_EMAIL'),
    password: env.PAYMENTS_PASSWORD || null,
  };
}
