/** What an API key may be allowed (contract section 14); `write` includes `read`. */
export const RESOURCE_SCOPES = [
  'accounts:read',
  'accounts:write',
  'users:read',
  'users:write',
  'transactions:read',
  'transactions:write',
  'payments:read',
  'payments:write',
  'balances:read',
  'events:read',
  'webhooks:read',
  'webhooks:write',
  'payouts:read',
  'payouts:write',
  'audit:read',
] as const;
/** Only platform keys hold `admin`: what an admin may do, except managing keys and users' roles. */
export const API_KEY_SCOPES = [...RESOURCE_SCOPES, 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export type ResourceScope = (typeof RESOURCE_SCOPES)[number];

/** Whether `held` allows `required`: the scope itself, or the `write` of a `read`. */
export function grantsScope(held: readonly string[], required: ResourceScope): boolean {
  if (held.includes(required)) return true;
  return required.endsWith(':read') && held.includes(required.replace(/:read$/, ':write'));
}
