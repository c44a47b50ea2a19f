import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WebhookErrors } from './webhooks.errors';

/** Where a webhook may not go unless WEBHOOK_ALLOW_PRIVATE: this host, private networks, link-local and metadata addresses. */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** The refusals name the settings that lift them, so that a developer on a local receiver knows what to set. */
export const HTTPS_ONLY = 'it must use https (a server started with WEBHOOK_ALLOW_HTTP=true also takes http)';
const PUBLIC_HOSTS_ONLY =
  'its host resolves to a loopback, private, link-local or metadata address (a server started with WEBHOOK_ALLOW_PRIVATE=true takes those)';

export interface UrlRules {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** The address a delivery connects to: checked once, then used for the connection itself (no second lookup to rebind). */
export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return FORBIDDEN.check(mapped[1], 'ipv4');
  return FORBIDDEN.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** The URL, if its form is allowed: http(s) only, https unless allowed, no credentials. `400 webhook_url_not_allowed` otherwise. */
export function checkUrlForm(raw: string, rules: UrlRules): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw WebhookErrors.urlNotAllowed('it is not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(rules.allowHttp && url.protocol === 'http:')) throw WebhookErrors.urlNotAllowed(HTTPS_ONLY);
  if (url.username !== '' || url.password !== '') throw WebhookErrors.urlNotAllowed('it must not carry credentials');
  return url;
}

/**
 * Resolves the URL's host and refuses it when any of its addresses is
 * forbidden (so that a name cannot mix a public and a private address), at
 * creation and again at every delivery.
 */
export async function resolveTarget(raw: string, rules: UrlRules): Promise<ResolvedTarget> {
  const url = checkUrlForm(raw, rules);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw WebhookErrors.urlNotAllowed(`its host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw WebhookErrors.urlNotAllowed(`its host ${host} does not resolve`);
  if (!rules.allowPrivate && addresses.some((entry) => isForbiddenAddress(entry.address))) {
    throw WebhookErrors.urlNotAllowed(PUBLIC_HOSTS_ONLY);
  }
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
