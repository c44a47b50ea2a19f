import assert from 'node:assert/strict';
import { before, describe, it, mock } from 'node:test';
import { HostResolver, ResolvedAddress } from '../src/webhooks/host-resolver';
import { accountMember, accountOwner, expectError, expectStatus, LoggedIn } from './support/factories';
import { listItems } from './support/shapes';
import { useTestApp } from './support/test-app';

/** A global unicast address the fake DNS may answer; nothing ever connects to it (the tests switch the answer first). */
const PUBLIC_ANSWER = [{ address: '8.8.8.8', family: 4 }];

/**
 * Addresses a webhook must never reach: the review's IPv4 embedded in IPv6 (NAT64, IPv4-compatible, SIIT,
 * 6to4), site-local, and the IPv4 ranges themselves in their various spellings.
 */
export const FORBIDDEN_URLS = [
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://[64:ff9b::7f00:1]/',
  'https://[::127.0.0.1]/',
  'https://[::ffff:0:7f00:1]/',
  'https://[2002:7f00:1::]/',
  'https://[2002:a9fe:a9fe::]/',
  'https://[fec0::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:a9fe:a9fe]/',
  'https://[::1]/',
  'https://[::]/',
  'https://[fe80::1]/',
  'https://[fd00:ec2::254]/',
  'https://[ff02::1]/',
  'https://[2001:db8::1]/',
  'https://[2001::a9fe:a9fe]/',
  'https://[64:ff9b:1::a9fe:a9fe]/',
  'https://127.0.0.1/',
  'https://2130706433/',
  'https://0x7f.1/',
  'https://10.1.2.3/',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://169.254.169.254/latest/meta-data',
  'https://100.64.0.1/',
  'https://0.0.0.0/',
  'https://198.18.0.1/',
  'https://192.0.2.1/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
];

describe('webhook URLs reach only global unicast addresses (contract section 18)', () => {
  const t = useTestApp();
  let owner: LoggedIn & { accountId: string };
  before(async () => {
    owner = await accountOwner(t.api);
  });

  it('refuses every forbidden address at creation with 400 webhook_url_not_allowed', async () => {
    const accepted: string[] = [];
    for (const url of FORBIDDEN_URLS) {
      const response = await t.api.post('/v1/webhook_endpoints', { url, enabled_events: ['*'] }, { token: owner.token });
      if (response.status !== 400) accepted.push(`${url} ${response.status}`);
      else expectError(response, 400, 'webhook_url_not_allowed');
    }
    assert.deepEqual(accepted, []);
  });
});

describe('webhook URLs behind names (DNS answered by the fake resolver)', () => {
  const t = useTestApp({ WEBHOOK_RETRY_WAITS: '1s' });
  const answers = new Map<string, ResolvedAddress[]>();
  const looked: string[] = [];
  let owner: LoggedIn & { accountId: string };
  before(async () => {
    mock.method(t.app.get(HostResolver), 'lookup', async (host: string) => {
      looked.push(host);
      const found = answers.get(host);
      if (found === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    });
    owner = await accountOwner(t.api);
  });

  async function createdOn(host: string): Promise<string> {
    answers.set(host, PUBLIC_ANSWER);
    const response = await t.api.post('/v1/webhook_endpoints', { url: `https://${host}/hook`, enabled_events: ['*'] }, { token: owner.token });
    // From here on the name points inward, so no delivery can reach the public answer.
    answers.set(host, [{ address: '10.0.0.1', family: 4 }]);
    expectStatus(response, 201);
    return response.body.id;
  }

  it('refuses a name that resolves to any forbidden address, also one among public ones', async () => {
    const addresses = FORBIDDEN_URLS.map((url) => new URL(url).hostname.replace(/^\[(.*)\]$/, '$1')).filter((host) => !/^\d+$|^0x/.test(host));
    for (const [index, address] of addresses.entries()) {
      const host = `forbidden-${index}.hooks.test`;
      answers.set(host, [...PUBLIC_ANSWER, { address, family: address.includes(':') ? 6 : 4 }]);
      const response = await t.api.post('/v1/webhook_endpoints', { url: `https://${host}/hook`, enabled_events: ['*'] }, { token: owner.token });
      expectError(response, 400, 'webhook_url_not_allowed');
    }
  });

  it('answers a name that does not resolve exactly as one that resolves to a private address', async () => {
    answers.set('internal.hooks.test', [{ address: '10.0.0.7', family: 4 }]);
    const inward = await t.api.post('/v1/webhook_endpoints', { url: 'https://internal.hooks.test/hook', enabled_events: ['*'] }, { token: owner.token });
    const nowhere = await t.api.post('/v1/webhook_endpoints', { url: 'https://nowhere.hooks.test/hook', enabled_events: ['*'] }, { token: owner.token });
    expectError(inward, 400, 'webhook_url_not_allowed');
    expectError(nowhere, 400, 'webhook_url_not_allowed');
    assert.equal(inward.body.error_description, nowhere.body.error_description);
    assert.deepEqual(inward.body.details, nowhere.body.details);
  });

  it('checks permission before looking the name up: a member who may not manage endpoints learns nothing, and nothing is looked up', async () => {
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const before = looked.length;
    for (const host of ['internal.hooks.test', 'nowhere.hooks.test']) {
      const response = await t.api.post('/v1/webhook_endpoints', { url: `https://${host}/hook`, enabled_events: ['*'] }, { token: member.token });
      expectError(response, 403, 'insufficient_permissions');
    }
    const id = await createdOn('mine.hooks.test');
    const lookedBefore = looked.length;
    const patched = await t.api.patch(`/v1/webhook_endpoints/${id}`, { url: 'https://nowhere.hooks.test/hook' }, { token: member.token });
    expectError(patched, 403, 'insufficient_permissions');
    const stranger = await accountOwner(t.api);
    expectError(await t.api.patch(`/v1/webhook_endpoints/${id}`, { url: 'https://nowhere.hooks.test/hook' }, { token: stranger.token }), 404, 'webhook_endpoint_not_found');
    assert.equal(looked.length, lookedBefore, 'no lookup for a caller who may not change the endpoint');
    assert.equal(lookedBefore - before, 1, "only the owner's creation looked a name up");
  });

  it('refuses every forbidden address at PATCH', async () => {
    const id = await createdOn('patched.hooks.test');
    const accepted: string[] = [];
    for (const url of FORBIDDEN_URLS) {
      const response = await t.api.patch(`/v1/webhook_endpoints/${id}`, { url }, { token: owner.token });
      if (response.status !== 400) accepted.push(`${url} ${response.status}`);
      else expectError(response, 400, 'webhook_url_not_allowed');
    }
    assert.deepEqual(accepted, []);
  });

  it('checks again at delivery: a name that turned private since creation is not connected to, and the attempt says why', async () => {
    const id = await createdOn('rebinding.hooks.test');
    expectStatus(await t.api.post('/v1/transactions', { type: 'credit', amount: 100, currency: 'EUR' }, { token: owner.token }), 201);
    let deliveries: { status_code: number | null; error: string | null }[] = [];
    for (let wait = 0; wait < 100 && !deliveries.some((delivery) => delivery.error !== null); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      deliveries = await listItems(t.api, owner.token, `/v1/webhook_endpoints/${id}/deliveries`);
    }
    const attempted = deliveries.find((delivery) => delivery.error !== null);
    assert.ok(attempted, JSON.stringify(deliveries));
    assert.equal(attempted.status_code, null, 'no connection was made');
    assert.match(attempted.error!, /not allowed/);
    expectStatus(await t.api.delete(`/v1/webhook_endpoints/${id}`, undefined, { token: owner.token }), 200);
  });
});
