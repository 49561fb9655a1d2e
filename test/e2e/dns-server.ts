/**
 * A small authoritative DNS server for the custom-domain tests (dns2, over UDP on 127.0.0.1).
 * It serves zones from a directory, one JSON file per zone (`<zone>.json`: a list of records),
 * read at every query, so a test publishes records by writing its zone's file and the stack
 * (MAILROOM_DNS_SERVERS=127.0.0.1:<port>) sees them at its next lookup. Names under no zone, or
 * with no record of the asked type, answer NXDOMAIN or an empty answer as a real server would.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import dns2 from 'dns2';

const { Packet } = dns2;
/** Short: a test re-publishes records within seconds. The stack's resolver keeps no cache anyway. */
const TTL_SECONDS = 5;

export interface ZoneRecord { type: 'MX' | 'CNAME' | 'TXT'; name: string; value: string; priority?: number | null }

const norm = (n: string) => n.toLowerCase().replace(/\.$/, '');

async function zoneFor(dir: string, name: string): Promise<ZoneRecord[] | undefined> {
  const labels = norm(name).split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    try {
      return JSON.parse(await readFile(join(dir, `${labels.slice(i).join('.')}.json`), 'utf8')) as ZoneRecord[];
    } catch { /* no such zone here; try the parent */ }
  }
  return undefined;
}

export async function startDnsServer(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      void (async () => {
        const response = Packet.createResponseFromRequest(request);
        const [q] = request.questions;
        const zone = q ? await zoneFor(dir, q.name) : undefined;
        if (!q || !zone) {
          response.header.rcode = Packet.RCODE.NXDOMAIN;
          return send(response);
        }
        const here = zone.filter((r) => norm(r.name) === norm(q.name));
        if (!here.length) response.header.rcode = Packet.RCODE.NXDOMAIN;
        // Plain records, as dns2's own examples push them (its types want encoder instances).
        const answer = (a: Record<string, unknown>) => response.answers.push({ name: q.name, class: Packet.CLASS.IN, ttl: TTL_SECONDS, ...a } as never);
        for (const r of here) {
          if (r.type === 'MX' && q.type === Packet.TYPE.MX) answer({ type: Packet.TYPE.MX, exchange: r.value, priority: r.priority ?? 10 });
          if (r.type === 'CNAME' && q.type === Packet.TYPE.CNAME) answer({ type: Packet.TYPE.CNAME, domain: r.value });
          if (r.type === 'TXT' && q.type === Packet.TYPE.TXT) answer({ type: Packet.TYPE.TXT, data: r.value });
        }
        send(response);
      })().catch((e) => console.error('test DNS server:', e));
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { port: addresses.udp!.port, close: () => server.close() };
}

/** Publishes a zone's records (replacing the zone), atomically for a concurrent reader. */
export async function publishZone(dir: string, zone: string, records: ZoneRecord[]) {
  const file = join(dir, `${norm(zone)}.json`);
  await writeFile(`${file}.tmp`, JSON.stringify(records));
  await rename(`${file}.tmp`, file);
}
