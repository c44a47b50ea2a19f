import { BlockList, isIP } from 'node:net';
import { ResolvedAddress } from './host-resolver';
import { WebhookErrors } from './webhooks.errors';

/**
 * IPv4 networks a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE: every
 * range of IANA's special-purpose registry that is not globally reachable
 * (this host, private networks, shared address space, loopback, link-local and
 * metadata, IETF protocol assignments, documentation, benchmarking, the 6to4
 * relay anycast, multicast, reserved and broadcast).
 */
const FORBIDDEN_IPV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN_IPV4.addSubnet(network, prefix, 'ipv4');
}

/**
 * Inside global unicast (2000::/3), what is still not globally reachable: IETF
 * protocol assignments (Teredo, which hides an IPv4 address, among them) and the
 * documentation prefixes. Everything outside 2000::/3 is refused anyway
 * (loopback, unique-local, link-local, site-local fec0::/10, multicast, discard,
 * the local-use NAT64 prefix), once the IPv4 address that some of them carry is
 * unwrapped and checked.
 */
const FORBIDDEN_GLOBAL_IPV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const) {
  FORBIDDEN_GLOBAL_IPV6.addSubnet(network, prefix, 'ipv6');
}

/** The refusals name the settings that lift them, so that a developer on a local receiver knows what to set. */
export const HTTPS_ONLY = 'it must use https (a server started with WEBHOOK_ALLOW_HTTP=true also takes http)';
// One answer whether the name does not resolve or resolves inward: the check tells nothing about internal names.
const PUBLIC_HOSTS_ONLY = 'its host must resolve to public addresses only (a server started with WEBHOOK_ALLOW_PRIVATE=true also takes loopback, private and link-local ones)';

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

/** Looks a host up (HostResolver in the application). */
export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

/** True unless `address` is global unicast, also after unwrapping an IPv4 address embedded in IPv6. */
export function isForbiddenAddress(address: string): boolean {
  if (isIP(address) === 4) return FORBIDDEN_IPV4.check(address, 'ipv4');
  const bytes = ipv6Bytes(address);
  if (bytes === null) return true;
  const embedded = embeddedIpv4(bytes);
  if (embedded !== null) return FORBIDDEN_IPV4.check(embedded, 'ipv4');
  const globalUnicast = (bytes[0] & 0xe0) === 0x20;
  return !globalUnicast || FORBIDDEN_GLOBAL_IPV6.check(address.replace(/%.*$/, ''), 'ipv6');
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:0:0/96),
 * IPv4-compatible (::/96, which holds :: and ::1 as 0.0.0.0 and 0.0.0.1), SIIT
 * (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). Null for any other.
 */
function embeddedIpv4(bytes: number[]): string | null {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const dotted = (at: number) => bytes.slice(at, at + 4).join('.');
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return dotted(12);
  if (zero(0, 12)) return dotted(12);
  if (zero(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zero(10, 12)) return dotted(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12)) return dotted(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dotted(2);
  return null;
}

/** The 16 bytes of an IPv6 address (a trailing dotted quad and a zone allowed); null when it is none. */
function ipv6Bytes(raw: string): number[] | null {
  const address = raw.replace(/%.*$/, '');
  if (isIP(address) !== 6) return null;
  let text = address;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === null ? [] : groups(tail);
  const all = tail === null ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (all.length !== 8) return null;
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
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
 * creation and again at every delivery. A name that does not resolve gets the
 * very same answer as one that resolves to a private address, so the check
 * tells nothing about internal names.
 */
export async function resolveTarget(raw: string, rules: UrlRules, lookup: HostLookup): Promise<ResolvedTarget> {
  const url = checkUrlForm(raw, rules);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host).catch(() => []);
  if (addresses.length === 0 || (!rules.allowPrivate && addresses.some((entry) => isForbiddenAddress(entry.address)))) {
    throw WebhookErrors.urlNotAllowed(PUBLIC_HOSTS_ONLY);
  }
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
