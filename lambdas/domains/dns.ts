import { Resolver } from 'node:dns/promises';
import type { DnsAnswer } from './dns-records.ts';

/**
 * The resolvers custom-domain checks ask: MAILROOM_DNS_SERVERS (comma-separated host or
 * host:port, e.g. a test's local DNS server), else the system's. Lookups bypass any cache a
 * resolver library would keep, so a record published a minute ago is seen at the next check.
 */
const servers = (process.env.MAILROOM_DNS_SERVERS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
/** Per lookup: a check of eight records answers well within the function's timeout. */
const LOOKUP_TIMEOUT_MS = 3_000;
const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
if (servers.length) resolver.setServers(servers);

const failure = (e: unknown): DnsAnswer => ({ kind: 'error', code: (e as { code?: string }).code ?? 'ESERVFAIL' });

export async function lookup(type: 'MX' | 'CNAME' | 'TXT', name: string): Promise<DnsAnswer> {
  try {
    switch (type) {
      case 'MX': return { kind: 'mx', values: await resolver.resolveMx(name) };
      case 'CNAME': return { kind: 'cname', values: await resolver.resolveCname(name) };
      // A TXT record arrives as chunks of at most 255 characters: one record is their concatenation.
      case 'TXT': return { kind: 'txt', values: (await resolver.resolveTxt(name)).map((chunks) => chunks.join('')) };
    }
  } catch (e) {
    return failure(e);
  }
}
