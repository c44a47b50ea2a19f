import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lookup } from 'node:dns/promises';
import { checkUrlForm, HostLookup, isForbiddenAddress, resolveTarget } from './webhook-url';

const systemLookup: HostLookup = (host) => lookup(host, { all: true });

const STRICT = { allowHttp: false, allowPrivate: false };

describe('isForbiddenAddress', () => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '224.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::7f00:1',
    '::127.0.0.1',
    '::ffff:0:7f00:1',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::',
    'fec0::1',
    '2001:db8::1',
    '2001::1',
    '64:ff9b:1::1',
    '::',
    '192.0.2.1',
    'fe80::1%eth0',
  ]) {
    it(`forbids ${address}`, () => assert.equal(isForbiddenAddress(address), true));
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2a00:1450:4001::200e']) {
    it(`allows ${address}`, () => assert.equal(isForbiddenAddress(address), false));
  }
});

describe('webhook URLs', () => {
  it('must be https, absolute and without credentials, unless http is allowed', () => {
    assert.throws(() => checkUrlForm('http://example.com/hook', STRICT), { code: 'webhook_url_not_allowed', description: /WEBHOOK_ALLOW_HTTP=true/ });
    assert.throws(() => checkUrlForm('ftp://example.com/hook', { ...STRICT, allowHttp: true }), { code: 'webhook_url_not_allowed' });
    assert.throws(() => checkUrlForm('/relative', STRICT), { code: 'webhook_url_not_allowed' });
    assert.throws(() => checkUrlForm('https://user:pass@example.com/hook', STRICT), { code: 'webhook_url_not_allowed' });
    assert.equal(checkUrlForm('http://example.com/hook', { ...STRICT, allowHttp: true }).hostname, 'example.com');
  });

  it('refuses hosts that resolve to loopback or private addresses unless allowed, and connects to the address it checked', async () => {
    await assert.rejects(resolveTarget('https://127.0.0.1/hook', STRICT, systemLookup), { code: 'webhook_url_not_allowed', description: /WEBHOOK_ALLOW_PRIVATE=true/ });
    await assert.rejects(resolveTarget('https://localhost/hook', STRICT, systemLookup), { code: 'webhook_url_not_allowed' });
    await assert.rejects(resolveTarget('https://[::1]/hook', STRICT, systemLookup), { code: 'webhook_url_not_allowed' });
    await assert.rejects(resolveTarget('https://169.254.169.254/latest/meta-data', STRICT, systemLookup), { code: 'webhook_url_not_allowed' });
    const allowed = await resolveTarget('https://127.0.0.1:8443/hook', { ...STRICT, allowPrivate: true }, systemLookup);
    assert.deepEqual([allowed.address, allowed.family, allowed.url.port], ['127.0.0.1', 4, '8443']);
  });
});
