import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, classifyAddress, isPublicAddress, MAX_WEBHOOK_URL_LENGTH, parseIp, type AddressClass } from '../../lambdas/platform/url-safety.ts';

/** [address, class]: every special range the spec names, its edges, and public neighbours. */
const ADDRESSES: [string, AddressClass][] = [
  // IPv4 public
  ['8.8.8.8', 'public'], ['1.1.1.1', 'public'], ['93.184.216.34', 'public'], ['223.255.255.255', 'public'],
  ['9.255.255.255', 'public'], ['11.0.0.0', 'public'], ['172.15.255.255', 'public'], ['172.32.0.0', 'public'],
  ['192.167.255.255', 'public'], ['192.169.0.0', 'public'], ['100.63.255.255', 'public'], ['100.128.0.0', 'public'],
  ['126.255.255.255', 'public'], ['128.0.0.0', 'public'], ['169.253.255.255', 'public'], ['169.255.0.0', 'public'],
  ['198.17.255.255', 'public'], ['198.20.0.0', 'public'], ['192.0.1.255', 'public'], ['192.0.3.0', 'public'],
  ['198.51.99.255', 'public'], ['198.51.101.0', 'public'], ['203.0.112.255', 'public'], ['203.0.114.0', 'public'],
  ['1.0.0.0', 'public'],
  // private (RFC 1918)
  ['10.0.0.0', 'private'], ['10.0.0.1', 'private'], ['10.255.255.255', 'private'],
  ['172.16.0.0', 'private'], ['172.20.1.1', 'private'], ['172.31.255.255', 'private'],
  ['192.168.0.0', 'private'], ['192.168.1.1', 'private'], ['192.168.255.255', 'private'],
  // CGNAT
  ['100.64.0.0', 'cgnat'], ['100.100.100.200', 'cgnat'], ['100.127.255.255', 'cgnat'],
  // loopback
  ['127.0.0.1', 'loopback'], ['127.0.0.0', 'loopback'], ['127.255.255.254', 'loopback'], ['127.1.2.3', 'loopback'],
  // link-local, incl. the instance metadata service
  ['169.254.0.0', 'link-local'], ['169.254.169.254', 'link-local'], ['169.254.255.255', 'link-local'],
  // multicast, unspecified, "this network", broadcast, reserved
  ['224.0.0.0', 'multicast'], ['224.0.0.251', 'multicast'], ['239.255.255.255', 'multicast'],
  ['0.0.0.0', 'unspecified'], ['0.0.0.1', 'reserved'], ['0.255.255.255', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.0', 'reserved'], ['250.1.2.3', 'reserved'], ['255.255.255.254', 'reserved'],
  ['192.0.0.0', 'reserved'], ['192.0.0.255', 'reserved'], ['192.88.99.1', 'reserved'],
  // documentation and benchmarking
  ['192.0.2.0', 'documentation'], ['192.0.2.123', 'documentation'], ['192.0.2.255', 'documentation'],
  ['198.51.100.7', 'documentation'], ['203.0.113.9', 'documentation'],
  ['198.18.0.0', 'benchmark'], ['198.19.255.255', 'benchmark'],

  // IPv6 public (global unicast 2000::/3)
  ['2606:4700:4700::1111', 'public'], ['2001:4860:4860::8888', 'public'], ['2a00:1450:4001:82b::200e', 'public'],
  ['2001:db9::1', 'public'], ['2001:200::1', 'public'], ['3ffe::1', 'public'], ['3fff:1000::1', 'public'],
  ['2606:4700:4700:0:0:0:0:1111', 'public'], ['2606:4700:4700:0000:0000:0000:0000:1111', 'public'],
  // IPv6 special
  ['::', 'unspecified'], ['0:0:0:0:0:0:0:0', 'unspecified'], ['::1', 'loopback'], ['0:0:0:0:0:0:0:1', 'loopback'],
  ['fc00::1', 'private'], ['fd12:3456:789a::1', 'private'], ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private'],
  ['fe80::1', 'link-local'], ['fe80::1%eth0', 'link-local'], ['febf:ffff::1', 'link-local'], ['fec0::1', 'private'],
  ['ff00::', 'multicast'], ['ff02::1', 'multicast'], ['ff05::1:3', 'multicast'],
  ['2001:db8::1', 'documentation'], ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'], ['3fff::1', 'documentation'],
  ['2001::1', 'reserved'], ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'], // Teredo
  ['100::1', 'reserved'], ['5f00::1', 'reserved'], ['64:ff9b:1::a00:1', 'private'],
  ['::2', 'reserved'], ['1::1', 'reserved'], ['4000::1', 'reserved'], ['e000::1', 'reserved'],
  // IPv4-mapped (::ffff:0:0/96), in both spellings
  ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'], ['::ffff:a00:1', 'private'], ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:a9fe:a9fe', 'link-local'], ['::ffff:0.0.0.0', 'unspecified'], ['::ffff:192.168.1.1', 'private'],
  ['::ffff:100.64.0.1', 'cgnat'], ['::ffff:224.0.0.1', 'multicast'], ['::FFFF:8.8.8.8', 'public'], ['::ffff:808:808', 'public'],
  // IPv4-compatible (deprecated) and SIIT (::ffff:0:a.b.c.d)
  ['::127.0.0.1', 'loopback'], ['::7f00:1', 'loopback'], ['::10.0.0.1', 'private'], ['::8.8.8.8', 'reserved'],
  ['::ffff:0:127.0.0.1', 'loopback'], ['::ffff:0:8.8.8.8', 'reserved'],
  // NAT64 64:ff9b::/96
  ['64:ff9b::127.0.0.1', 'loopback'], ['64:ff9b::a00:1', 'private'], ['64:ff9b::10.0.0.1', 'private'],
  ['64:ff9b::a9fe:a9fe', 'link-local'], ['64:ff9b::8.8.8.8', 'public'],
  // 6to4 2002::/16 (IPv4 in bits 16-47)
  ['2002:7f00:1::', 'loopback'], ['2002:a00:1::1', 'private'], ['2002:c0a8:101::1', 'private'],
  ['2002:a9fe:a9fe::1', 'link-local'], ['2002:808:808::1', 'public'],
  // not addresses
  ['', 'invalid'], ['localhost', 'invalid'], ['example.com', 'invalid'], ['1.2.3', 'invalid'], ['1.2.3.4.5', 'invalid'],
  ['256.0.0.1', 'invalid'], ['0177.0.0.1', 'invalid'], ['01.2.3.4', 'invalid'], ['0x7f.0.0.1', 'invalid'], ['2130706433', 'invalid'],
  ['1::2::3', 'invalid'], ['1:2:3:4:5:6:7:8:9', 'invalid'], ['12345::1', 'invalid'], [':1', 'invalid'], ['1:', 'invalid'],
  ['::ffff:1.2.3', 'invalid'], ['1.2.3.4::', 'invalid'], ['g::1', 'invalid'], ['1:2:3:4:5:6:7::8', 'invalid'],
];

describe('classifyAddress / isPublicAddress', () => {
  it.each(ADDRESSES)('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
    expect(isPublicAddress(ip)).toBe(cls === 'public');
  });

  it('accepts bracketed IPv6 and canonicalises the value', () => {
    expect(classifyAddress('[::1]')).toBe('loopback');
    expect(parseIp('::ffff:127.0.0.1')).toEqual(parseIp('::ffff:7f00:1'));
    expect(parseIp('1:2:3:4:5:6:7::')).toEqual({ version: 6, value: 0x0001000200030004000500060007_0000n });
    expect(parseIp('10.1.2.3')).toEqual({ version: 4, value: 0x0a010203n });
  });
});

const PUBLIC_HTTPS = [
  'https://example.com/hook',
  'https://hooks.example.com:8443/a/b?c=d&e=f',
  'https://api.example.co.uk/webhooks/mailroom',
  'https://8.8.8.8/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://[::ffff:8.8.8.8]/',
  'https://example.com:1/',
  'https://xn--bcher-kva.example/hook',
  'https://bücher.example/hook',
  'https://127.0.0.1.nip.io/hook', // a name: DNS answers decide (and refuse) it
  'https://example.com./hook',
  `https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH - 'https://example.com/'.length)}`,
];

/** [url, reason fragment]: refused in production mode. */
const REFUSED: [string, RegExp][] = [
  ['http://example.com/hook', /https/],
  ['ftp://example.com/hook', /https/],
  ['ws://example.com/hook', /https/],
  ['file:///etc/passwd', /https/],
  ['javascript:alert(1)', /https/],
  ['data:text/plain,hi', /https/],
  ['example.com/hook', /valid/],
  ['//example.com/hook', /valid/],
  ['', /required/],
  ['https://', /valid/],
  ['https://user:pass@example.com/', /credentials/],
  ['https://user@example.com/', /credentials/],
  ['https://:pass@example.com/', /credentials/],
  ['https://:@example.com/', /credentials/],
  ['https://@example.com/', /credentials/],
  ['https://example.com@127.0.0.1/', /credentials/],
  [`https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}`, /2048/],
  [' https://example.com/', /whitespace/],
  ['https://exa\tmple.com/', /whitespace/],
  ['https://example.com/\n', /whitespace/],
  ['https://ex ample.com/', /whitespace/],
  // literal addresses in every range
  ['https://127.0.0.1/', /loopback/],
  ['https://127.0.0.1:8443/', /loopback/],
  ['https://10.0.0.1/', /private/],
  ['https://172.16.5.4/', /private/],
  ['https://192.168.0.1/', /private/],
  ['https://100.64.0.1/', /carrier-grade/],
  ['https://169.254.169.254/latest/meta-data/', /link-local/],
  ['https://224.0.0.1/', /multicast/],
  ['https://0.0.0.0/', /unspecified/],
  ['https://255.255.255.255/', /broadcast/],
  ['https://240.0.0.1/', /reserved/],
  ['https://192.0.2.1/', /documentation/],
  ['https://198.51.100.1/', /documentation/],
  ['https://203.0.113.1/', /documentation/],
  ['https://198.18.0.1/', /benchmark/],
  ['https://[::1]/', /loopback/],
  ['https://[::]/', /unspecified/],
  ['https://[fc00::1]/', /private/],
  ['https://[fd00::1]/', /private/],
  ['https://[fe80::1]/', /link-local/],
  ['https://[ff02::1]/', /multicast/],
  ['https://[2001:db8::1]/', /documentation/],
  ['https://[::ffff:127.0.0.1]/', /loopback/],
  ['https://[::ffff:7f00:1]/', /loopback/],
  ['https://[0:0:0:0:0:ffff:127.0.0.1]/', /loopback/],
  ['https://[::ffff:169.254.169.254]/', /link-local/],
  ['https://[::127.0.0.1]/', /loopback/],
  ['https://[64:ff9b::10.0.0.1]/', /private/],
  ['https://[64:ff9b::7f00:1]/', /loopback/],
  ['https://[2002:a00:1::1]/', /private/],
  ['https://[2002:7f00:1::]/', /loopback/],
  ['https://[fe80::1%25eth0]/', /valid/],
  // odd IPv4 spellings (the URL parser normalises them to a dotted quad, then the range check refuses)
  ['https://2130706433/', /loopback/],
  ['https://0177.0.0.1/', /loopback/],
  ['https://0x7f.1/', /loopback/],
  ['https://0x7f000001/', /loopback/],
  ['https://127.1/', /loopback/],
  ['https://0x7f.0.0.1/', /loopback/],
  ['https://017700000001/', /loopback/],
  ['https://127.0.0.1./', /loopback/],
  ['https://%31%32%37.0.0.1/', /loopback/],
  ['https://１２７.０.０.１/', /loopback/], // fullwidth digits
  ['https://0xa.1/', /private/],
  ['https://167772161/', /private/],
  ['https://0251.0376.0251.0376/', /link-local/],
  ['https://2852039166/', /link-local/],
  ['https://0/', /unspecified/],
  ['https://0x.0x.0x.0x/', /unspecified/],
  ['https://09.0.0.1/', /valid/],
  ['https://4294967296/', /valid/],
  // loopback names
  ['https://localhost/', /loopback/],
  ['https://LOCALHOST:8080/', /loopback/],
  ['https://localhost./', /loopback/],
  ['https://api.localhost/', /loopback/],
  ['https://ｌｏｃａｌｈｏｓｔ/', /loopback/], // fullwidth, mapped by IDNA
  ['https://localhost%2e/', /loopback/],
  ['https://①②⑦.0.0.1/', /loopback/], // circled digits, mapped by IDNA
  ['https://[::ffff:0:0]/', /unspecified/],
  ['https://example.com:65536/', /valid/],
  // single-label names resolve through search domains to internal hosts
  ['https://intranet/', /fully qualified/],
  ['https://metadata/', /fully qualified/],
];

describe('checkWebhookUrl: production', () => {
  it.each(PUBLIC_HTTPS)('accepts %s', (url) => {
    const r = checkWebhookUrl(url, { localMode: false });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  });

  it.each(REFUSED)('refuses %j', (url, reason) => {
    const r = checkWebhookUrl(url, { localMode: false });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('reports literal addresses (bare, unbracketed) so the caller can skip DNS, and none for names', () => {
    const v4 = checkWebhookUrl('https://8.8.8.8:444/x', { localMode: false });
    expect(v4.ok && v4.literalIp).toBe('8.8.8.8');
    const v6 = checkWebhookUrl('https://[2606:4700:4700::1111]/x', { localMode: false });
    expect(v6.ok && v6.literalIp).toBe('2606:4700:4700::1111');
    const name = checkWebhookUrl('https://example.com/x', { localMode: false });
    expect(name.ok && name.literalIp).toBeUndefined();
  });

  it('returns the parsed, normalised URL', () => {
    const r = checkWebhookUrl('HTTPS://Example.COM:443/Hook?x=1', { localMode: false });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.url.href).toBe('https://example.com/Hook?x=1');
      expect(r.url.hostname).toBe('example.com');
    }
  });

  it('counts length on both the input and the normalised form', () => {
    expect(checkWebhookUrl(`https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH - 20)}`, { localMode: false }).ok).toBe(true);
    expect(checkWebhookUrl(`https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH - 19)}`, { localMode: false }).ok).toBe(false);
    // 720 characters in, but each é percent-encodes to six
    expect(checkWebhookUrl(`https://example.com/${'é'.repeat(700)}`, { localMode: false }).ok).toBe(false);
  });
});

describe('checkWebhookUrl: local mode', () => {
  const local = { localMode: true };

  it.each([
    'http://127.0.0.1:8080/hook', 'http://127.0.0.1/hook', 'http://127.1.2.3:9/', 'http://localhost:3000/hook', 'http://[::1]:8080/',
    'https://127.0.0.1:8443/', 'https://localhost/', 'http://2130706433:8080/', 'https://example.com/hook',
  ])('accepts %s', (url) => {
    expect(checkWebhookUrl(url, local).ok).toBe(true);
  });

  it.each([
    ['http://example.com/hook', /https/], // http only for loopback
    ['http://8.8.8.8/hook', /https/],
    ['http://10.0.0.1/', /private/], ['https://10.0.0.1/', /private/], ['http://192.168.1.1/', /private/],
    ['http://169.254.169.254/', /link-local/], ['http://0.0.0.0:8080/', /unspecified/], ['http://[fe80::1]/', /link-local/],
    ['http://api.localhost/', /loopback/], ['http://localhost./', /loopback/],
    ['http://user:pass@127.0.0.1/', /credentials/], ['ftp://127.0.0.1/', /https/],
  ] as [string, RegExp][])('still refuses %s', (url, reason) => {
    const r = checkWebhookUrl(url, local);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('reports the loopback literal', () => {
    const r = checkWebhookUrl('http://127.0.0.1:8080/hook', local);
    expect(r.ok && r.literalIp).toBe('127.0.0.1');
    const r6 = checkWebhookUrl('http://[::1]:8080/hook', local);
    expect(r6.ok && r6.literalIp).toBe('::1');
  });
});
