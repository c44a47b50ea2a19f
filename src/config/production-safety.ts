/** What production refuses to start with (contract section 18); each problem names its variable. */
export interface ProductionSettings {
  /** The JWT_SECRET as given; null when unset (required anyway, reported elsewhere). */
  jwtSecret: Buffer | null;
  webhookAllowHttp: boolean;
  webhookAllowPrivate: boolean;
  publicBaseUrl: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Rate limits by variable name; 0 turns one off. */
  rateLimits: Record<string, number>;
  smtpUrl: string | null;
}

/** Returns the problem with a password for this email (users' password policy), or null. */
export type PasswordCheck = (password: string, email: string) => string | null;

/** A JWT secret with fewer distinct bytes than this is not random: a word, a repeated character, a pattern. */
export const MIN_SECRET_DISTINCT_BYTES = 16;

export function productionProblems(settings: ProductionSettings, passwordCheck: PasswordCheck | undefined): string[] {
  const problems: string[] = [];
  if (settings.jwtSecret !== null) {
    const distinct = new Set(settings.jwtSecret).size;
    if (distinct < MIN_SECRET_DISTINCT_BYTES) {
      problems.push(
        `JWT_SECRET has too little entropy when NODE_ENV=production (${distinct} distinct bytes, at least ${MIN_SECRET_DISTINCT_BYTES}): use a random one (openssl rand -base64 48)`,
      );
    }
  }
  if (settings.webhookAllowHttp) problems.push('WEBHOOK_ALLOW_HTTP must not be true when NODE_ENV=production (webhooks would travel unencrypted)');
  if (settings.webhookAllowPrivate) {
    problems.push('WEBHOOK_ALLOW_PRIVATE must not be true when NODE_ENV=production (webhooks could reach internal addresses)');
  }
  if (!settings.publicBaseUrl.startsWith('https://')) {
    problems.push(`PUBLIC_BASE_URL must be an https:// address when NODE_ENV=production (the checkout cookie is Secure only then), got "${settings.publicBaseUrl}"`);
  }
  if (settings.adminEmail !== null && settings.adminPassword !== null && passwordCheck !== undefined) {
    const problem = passwordCheck(settings.adminPassword, settings.adminEmail);
    if (problem !== null) problems.push(`ADMIN_PASSWORD ${problem} (the password policy of POST /v1/users applies when NODE_ENV=production)`);
  }
  if (settings.smtpUrl === null) problems.push('SMTP_URL is required when NODE_ENV=production (password resets and notices are sent by mail)');
  for (const [name, perMinute] of Object.entries(settings.rateLimits)) {
    if (perMinute === 0) problems.push(`${name} must not be 0 (no limit) when NODE_ENV=production`);
  }
  return problems;
}
