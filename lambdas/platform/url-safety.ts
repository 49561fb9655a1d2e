/**
 * Webhook URL safety (pure: no DNS, no sockets).
 *
 * A webhook URL is an instruction to make our servers send a request somewhere, so it must not
 * be usable to reach our own network (SSRF): HTTPS only, no credentials, at most 2048 chars, and
 * every address the host stands for must be a public unicast address. This module checks the URL
 * itself and classifies IP addresses; the delivery adapter resolves the host and applies
 * `isPublicAddress` to every resolved address, at creation and again at every delivery.
 *
 * Addresses are compared as BigInts against a table of special-purpose ranges (IANA IPv4 and
 * IPv6 special-purpose registries). IPv6 forms that carry an IPv4 address (IPv4-mapped,
 * IPv4-compatible, SIIT, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address,
 * and only 2000::/3 (global unicast) can be public among the rest.
 */

export type AddressClass =
  | 'public'
  | 'private'
  | 'cgnat'
  | 'loopback'
  | 'link-local'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmark'
  | 'invalid';

/** Spec: longer webhook URLs are refused. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type UrlCheck = { ok: true; url: URL; literalIp?: string } | { ok: false; reason: string };

interface ParsedIp { version: 4 | 6; value: bigint }

/** Strict dotted-quad IPv4: four decimal octets 0-255, no leading zeros (so no octal ambiguity). */
function parseIPv4(s: string): bigint | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  let v = 0n;
  for (const p of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    v = (v << 8n) | BigInt(n);
  }
  return v;
}

/** RFC 4291 text forms: hex groups, one `::`, an optional dotted-quad tail. */
function parseIPv6(s: string): bigint | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return undefined;
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i]!;
      if (i === pieces.length - 1 && p.includes('.')) {
        const v4 = parseIPv4(p);
        if (v4 === undefined) return undefined;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) {
        out.push(parseInt(p, 16));
      } else {
        return undefined;
      }
    }
    return out;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return undefined;
  // A dotted tail is only allowed at the very end of the address.
  if (halves.length === 2 && halves[0]!.includes('.')) return undefined;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return undefined;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return undefined;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/**
 * Parses a textual IP address: dotted-quad IPv4, or IPv6 optionally in [brackets] and with a
 * %zone (the zone is ignored for classification: zoned addresses are link-scoped anyway).
 */
export function parseIp(input: string): ParsedIp | undefined {
  let s = input.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const v4 = parseIPv4(s);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const zone = s.indexOf('%');
  if (zone > 0) s = s.slice(0, zone);
  const v6 = parseIPv6(s);
  return v6 === undefined ? undefined : { version: 6, value: v6 };
}

interface Range { base: bigint; bits: number; cls: AddressClass }

const v4 = (cidr: string, cls: AddressClass): Range => {
  const [addr, len] = cidr.split('/');
  return { base: parseIPv4(addr!)!, bits: Number(len), cls };
};
const v6 = (cidr: string, cls: AddressClass): Range => {
  const [addr, len] = cidr.split('/');
  return { base: parseIPv6(addr!)!, bits: Number(len), cls };
};

const inRange = (value: bigint, width: number, r: Range) => {
  const shift = BigInt(width - r.bits);
  return value >> shift === r.base >> shift;
};

/** IPv4 special-purpose ranges; the first match wins, so narrower ranges come first. */
const IPV4_RANGES: readonly Range[] = [
  v4('0.0.0.0/32', 'unspecified'),
  v4('0.0.0.0/8', 'reserved'), // "this network": connecting to 0.x reaches the local host on Linux
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'cgnat'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'), // includes 169.254.169.254, the instance metadata service
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved'), // IETF protocol assignments
  v4('192.0.2.0/24', 'documentation'),
  v4('192.88.99.0/24', 'reserved'), // deprecated 6to4 relay anycast
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'benchmark'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('255.255.255.255/32', 'broadcast'),
  v4('240.0.0.0/4', 'reserved'),
];

/** IPv6 ranges judged on their own (those embedding IPv4 are handled before this table). */
const IPV6_RANGES: readonly Range[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('64:ff9b:1::/48', 'private'), // local-use NAT64 (RFC 8215)
  v6('100::/64', 'reserved'), // discard-only
  v6('2001:db8::/32', 'documentation'),
  v6('2001::/23', 'reserved'), // IETF protocol assignments, incl. Teredo 2001::/32 (obfuscated IPv4)
  v6('3fff::/20', 'documentation'), // RFC 9637
  v6('5f00::/16', 'reserved'), // SRv6 SIDs
  v6('fc00::/7', 'private'), // unique local
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'private'), // deprecated site-local
  v6('ff00::/8', 'multicast'),
];

const GLOBAL_UNICAST_V6 = v6('2000::/3', 'public');

function classifyV4(value: bigint): AddressClass {
  for (const r of IPV4_RANGES) if (inRange(value, 32, r)) return r.cls;
  return 'public';
}

/** IPv6 prefixes whose low (or, for 6to4, middle) 32 bits are an IPv4 address. */
function embeddedV4(value: bigint): { v4: bigint; publicIfPublic: boolean } | undefined {
  const low32 = value & 0xffffffffn;
  const high96 = value >> 32n;
  if (high96 === 0xffffn) return { v4: low32, publicIfPublic: true }; // ::ffff:a.b.c.d, IPv4-mapped
  if (high96 === 0x64ff9b0000000000000000n) return { v4: low32, publicIfPublic: true }; // 64:ff9b::/96, NAT64
  if (high96 === 0xffff0000n) return { v4: low32, publicIfPublic: false }; // ::ffff:0:a.b.c.d, SIIT
  if (high96 === 0n && value > 1n) return { v4: low32, publicIfPublic: false }; // ::a.b.c.d, deprecated IPv4-compatible
  if (value >> 112n === 0x2002n) return { v4: (value >> 80n) & 0xffffffffn, publicIfPublic: true }; // 2002:aabb:ccdd::/48, 6to4
  return undefined;
}

function classifyV6(value: bigint): AddressClass {
  const embedded = embeddedV4(value);
  if (embedded) {
    const cls = classifyV4(embedded.v4);
    if (cls !== 'public') return cls;
    return embedded.publicIfPublic ? 'public' : 'reserved';
  }
  for (const r of IPV6_RANGES) if (inRange(value, 128, r)) return r.cls;
  return inRange(value, 128, GLOBAL_UNICAST_V6) ? 'public' : 'reserved';
}

/** What kind of address this is; 'invalid' when it is not a textual IPv4/IPv6 address. */
export function classifyAddress(ip: string): AddressClass {
  const parsed = parseIp(ip);
  if (!parsed) return 'invalid';
  return parsed.version === 4 ? classifyV4(parsed.value) : classifyV6(parsed.value);
}

/** Whether a webhook may be delivered to this address (anything unparseable is not public). */
export const isPublicAddress = (ip: string): boolean => classifyAddress(ip) === 'public';

export const isLoopbackAddress = (ip: string): boolean => classifyAddress(ip) === 'loopback';

const DESCRIBE: Record<AddressClass, string> = {
  public: 'public',
  private: 'a private-network address',
  cgnat: 'a carrier-grade NAT (100.64.0.0/10) address',
  loopback: 'a loopback address',
  'link-local': 'a link-local address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved or special-purpose address',
  documentation: 'a documentation-only address',
  benchmark: 'a benchmarking-only address',
  invalid: 'not a valid IP address',
};

/** Human wording for an address class, for error messages ("10.0.0.1 is a private-network address"). */
export const describeAddressClass = (cls: AddressClass): string => DESCRIBE[cls];

/** The authority part of a raw URL string, as typed (before the parser drops empty credentials). */
function rawAuthority(raw: string): string {
  const afterScheme = raw.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:/, '').replace(/^[/\\]*/, '');
  const end = afterScheme.search(/[/\\?#]/);
  return end === -1 ? afterScheme : afterScheme.slice(0, end);
}

const isLocalhostName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * Checks a webhook URL without resolving it. On success `url` is the parsed (normalised) URL and
 * `literalIp` the bare address when the host is an IP literal (already vetted here); otherwise the
 * host is a name the caller must resolve and vet with `isPublicAddress`.
 *
 * Local mode alone accepts loopback targets (127.0.0.0/8, ::1, "localhost"), and only for those is
 * plain http allowed.
 */
export function checkWebhookUrl(raw: string, opts: { localMode: boolean }): UrlCheck {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, reason: 'a URL is required' };
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, reason: `the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters` };
  // The URL parser silently strips tabs, newlines and surrounding spaces; refuse rather than guess.
  if (/[\u0000-\u0020\u007f-\u009f]/.test(raw)) return { ok: false, reason: 'the URL contains whitespace or control characters' };

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a valid absolute URL' };
  }
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, reason: `the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters` };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'the URL must use https' };
  if (url.username || url.password || rawAuthority(raw).includes('@')) {
    return { ok: false, reason: 'the URL must not contain credentials (user:pass@)' };
  }

  const host = url.hostname;
  if (!host) return { ok: false, reason: 'the URL has no host' };
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const parsed = parseIp(bare);

  if (parsed) {
    const cls = parsed.version === 4 ? classifyV4(parsed.value) : classifyV6(parsed.value);
    const loopbackOk = opts.localMode && cls === 'loopback';
    if (cls !== 'public' && !loopbackOk) return { ok: false, reason: `the host ${bare} is ${DESCRIBE[cls]}; webhooks must reach a public address` };
    if (url.protocol === 'http:' && !loopbackOk) return { ok: false, reason: 'the URL must use https' };
    return { ok: true, url, literalIp: bare };
  }

  // The WHATWG parser turns every numeric host spelling (2130706433, 0177.0.0.1, 0x7f.1) into a
  // dotted quad or rejects it; anything numeric-looking still here is refused as ambiguous.
  const lastLabel = bare.replace(/\.$/, '').split('.').pop() ?? '';
  if (/^(0x[0-9a-f]*|[0-9]+)$/i.test(lastLabel)) return { ok: false, reason: `the host ${bare} is an ambiguous numeric address` };
  if (bare.includes(':') || bare.includes('%')) return { ok: false, reason: `the host ${bare} is not a valid host name` };

  if (isLocalhostName(bare)) {
    const exactLocalhost = bare.toLowerCase() === 'localhost';
    if (!(opts.localMode && exactLocalhost)) return { ok: false, reason: `the host ${bare} is a loopback name; webhooks must reach a public address` };
    return { ok: true, url };
  }
  if (url.protocol === 'http:') return { ok: false, reason: 'the URL must use https' };
  if (!bare.replace(/\.$/, '').includes('.')) return { ok: false, reason: `the host ${bare} is not a fully qualified domain name` };
  return { ok: true, url };
}
