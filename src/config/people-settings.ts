import { EnvReader } from './env-reader';

/** What people's own flows read of the environment (contract section 22): mailed links and who must verify. */
export interface PeopleConfig {
  /** EMAIL_TOKEN_TTL: how long an email verification link works. */
  emailTokenTtlSeconds: number;
  /** PASSWORD_RESET_TTL: how long a password reset link works. */
  passwordResetTtlSeconds: number;
  /** REQUIRE_VERIFIED_EMAIL: an unverified user may log in, but not create accounts, keys, endpoints, transactions or requests. */
  requireVerifiedEmail: boolean;
  /** Links (reset requests, verification resends) mailed per email address per hour; 0 disables. */
  emailLinksPerHour: number;
  /** Reset requests per client address per hour; 0 disables. */
  passwordResetsPerHourPerIp: number;
  /** Where the mailed links point: `{token}` is replaced by the token (VERIFY_EMAIL_URL, PASSWORD_RESET_URL). */
  verifyEmailUrl: string;
  passwordResetUrl: string;
}

const TOKEN_PLACEHOLDER = '{token}';

/**
 * The links default to this service's own small pages (src/users/pages); a team with its own front end points them
 * there instead.
 */
export function peopleConfig(reader: EnvReader, publicBaseUrl: string, problems: string[]): PeopleConfig {
  const link = (name: string, page: string): string => {
    const template = reader.text(name, `${publicBaseUrl}/account/${page}?token=${TOKEN_PLACEHOLDER}`);
    if (!/^https?:\/\//.test(template) || !template.includes(TOKEN_PLACEHOLDER)) {
      problems.push(`${name} must be an http:// or https:// address containing ${TOKEN_PLACEHOLDER}, got "${template}"`);
    }
    return template;
  };
  return {
    emailTokenTtlSeconds: reader.duration('EMAIL_TOKEN_TTL', '24h', 60),
    passwordResetTtlSeconds: reader.duration('PASSWORD_RESET_TTL', '30m', 60),
    requireVerifiedEmail: reader.flag('REQUIRE_VERIFIED_EMAIL'),
    emailLinksPerHour: reader.integer('EMAIL_LINKS_PER_HOUR', 5, 0),
    passwordResetsPerHourPerIp: reader.integer('PASSWORD_RESETS_PER_HOUR_PER_IP', 30, 0),
    verifyEmailUrl: link('VERIFY_EMAIL_URL', 'verify-email'),
    passwordResetUrl: link('PASSWORD_RESET_URL', 'reset-password'),
  };
}

/** The link for a token, from a VERIFY_EMAIL_URL or PASSWORD_RESET_URL template. */
export function linkWithToken(template: string, token: string): string {
  return template.replace(TOKEN_PLACEHOLDER, encodeURIComponent(token));
}
