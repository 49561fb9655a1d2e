import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface SpooledMail {
  id: string;
  source: string;
  recipients: string[];
  /** When SES received it: part of the ids ingest derives, so a replay finds what it already stored. */
  receivedAt: string;
  raw: Buffer;
}

/**
 * Mail the SMTP stand-in has accepted, kept on disk until the emulator's state holds it. SES keeps
 * what it acknowledged; so does the local stack: a message is written here (fsync) before the
 * SMTP answer, and removed only after a snapshot taken after its ingest. Whatever is still here
 * at the next start is ingested again (ingest is idempotent per SES message id).
 */
export class MailSpool {
  private readonly ingested = new Set<string>();

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private async writeDurably(file: string, data: Buffer | string) {
    const fh = await open(file, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
  }

  /** Keeps the message; resolves once it is on disk. The metadata file is written last: it marks the entry complete. */
  async keep(m: SpooledMail): Promise<void> {
    await this.writeDurably(join(this.dir, `${m.id}.eml`), m.raw);
    await this.writeDurably(join(this.dir, `${m.id}.json`), JSON.stringify({ source: m.source, recipients: m.recipients, receivedAt: m.receivedAt }));
  }

  markIngested(id: string) { this.ingested.add(id); }

  /** Drops the messages ingested before `snapshot()` was called, once it has written the state. */
  async prune(snapshot: () => Promise<unknown>): Promise<number> {
    if (!this.ingested.size) return 0;
    const done = [...this.ingested];
    await snapshot();
    for (const id of done) {
      this.ingested.delete(id);
      await rm(join(this.dir, `${id}.json`), { force: true });
      await rm(join(this.dir, `${id}.eml`), { force: true });
    }
    return done.length;
  }

  /** Complete entries left by an earlier run, oldest first. */
  pending(): SpooledMail[] {
    const out: { m: SpooledMail; name: string }[] = [];
    for (const name of readdirSync(this.dir).filter((n) => n.endsWith('.json')).sort()) {
      const id = name.slice(0, -'.json'.length);
      try {
        const meta = JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as { source: string; recipients: string[]; receivedAt: string };
        out.push({ name, m: { id, source: meta.source, recipients: meta.recipients, receivedAt: meta.receivedAt, raw: readFileSync(join(this.dir, `${id}.eml`)) } });
      } catch {
        // A half-written entry was never acknowledged: the sender still has it.
      }
    }
    return out.map((e) => e.m);
  }
}
