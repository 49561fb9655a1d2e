/**
 * The deployed bundles swap a few packages for lighter stand-ins (lib/bundle-aliases.ts): lazy
 * charset tables and a Lambda-only credential provider. These tests bundle with the very options
 * the CDK uses and check that nothing is lost: every message of the MIME corpus decodes the same
 * bundled as from source, Japanese and single-byte charsets included.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleHandler } from '../../bench/lib/esbuild-options.ts';
import { parseInboundMail, type ParsedInbound } from '../../lambdas/content/parse-mail.ts';
import { corporaDir } from '../corpora.ts';

const root = resolve(import.meta.dirname, '../..');
let dir: string;

async function bundle(name: string, source: string): Promise<{ file: string; meta: Metafile }> {
  const entry = join(dir, `${name}-entry.ts`);
  writeFileSync(entry, source);
  const outdir = join(dir, name);
  const { meta } = await bundleHandler({ root, entry, outdir, sourcemap: false });
  return { file: join(outdir, 'index.mjs'), meta };
}

const inputs = (meta: Metafile) => Object.keys(meta.inputs);

beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'mailroom-aliases-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lazy charsets: the bundled parser decodes like the source', () => {
  let bundled: (raw: Buffer) => Promise<ParsedInbound>;
  let meta: Metafile;
  beforeAll(async () => {
    const b = await bundle('parse', `export { parseInboundMail } from ${JSON.stringify(join(root, 'lambdas/content/parse-mail.ts'))};`);
    meta = b.meta;
    bundled = ((await import(pathToFileURL(b.file).href)) as { parseInboundMail: typeof parseInboundMail }).parseInboundMail;
  }, 120_000);

  it('goes through the stand-ins; the real packages are files of their own beside the bundle, not in it', () => {
    expect(inputs(meta)).toContain('lambdas/platform/bundling/lazy-iconv-lite.cjs');
    expect(inputs(meta)).toContain('lambdas/platform/bundling/lazy-encoding-japanese.cjs');
    expect(inputs(meta).filter((p) => p.startsWith('node_modules/encoding-japanese/') || p.startsWith('node_modules/iconv-lite/'))).toEqual([]);
    expect(existsSync(join(dir, 'parse', 'lazy', 'iconv-lite.cjs'))).toBe(true);
    expect(existsSync(join(dir, 'parse', 'lazy', 'encoding-japanese.cjs'))).toBe(true);
  });

  const dirMime = join(corporaDir(), 'mime');
  const manifest = JSON.parse(readFileSync(join(dirMime, 'manifest.json'), 'utf8')) as { file: string }[];
  it('every corpus message: same subject, text, HTML and attachments', async () => {
    expect(manifest.length).toBeGreaterThan(150);
    for (const { file } of manifest) {
      const raw = readFileSync(join(dirMime, file));
      const [a, b] = [await parseInboundMail(raw), await bundled(raw)];
      expect({ file, subject: b.subject, text: b.text, html: b.html, att: b.attachments.map((x) => x.size) })
        .toEqual({ file, subject: a.subject, text: a.text, html: a.html, att: a.attachments.map((x) => x.size) });
    }
  }, 120_000);

  it('decodes ISO-2022-JP and Shift_JIS through the lazily loaded tables', async () => {
    for (const file of ['mikelmail-multi_charset-japanese_iso_2022.eml', 'mikelmail-multi_charset-japanese_shift_jis.eml']) {
      const parsed = await bundled(readFileSync(join(dirMime, file)));
      expect(parsed.text + parsed.subject, file).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });
});

describe('credentials: a deployed bundle reads the role credentials Lambda puts in the environment', () => {
  it('bundles the env provider and none of the default chain', async () => {
    // No handler uses an SDK client today (lambdas/platform/aws/ calls AWS over aws4fetch); one that did would get this.
    const { meta } = await bundle('sdk-client', `export { SQSClient } from ${JSON.stringify(join(root, 'node_modules/@aws-sdk/client-sqs/dist-es/index.js'))};`);
    const all = inputs(meta);
    expect(all).toContain('lambdas/platform/bundling/lambda-credentials.ts');
    for (const dropped of ['credential-provider-node', 'credential-provider-ini', 'credential-provider-sso', 'nested-clients']) {
      expect(all.filter((p) => p.includes(`@aws-sdk/${dropped}/`)), dropped).toEqual([]);
    }
  });

  it('resolves the credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN', async () => {
    const { file } = await bundle('creds', `export { defaultProvider } from ${JSON.stringify(join(root, 'lambdas/platform/bundling/lambda-credentials.ts'))};`);
    const { defaultProvider } = (await import(pathToFileURL(file).href)) as typeof import('../../lambdas/platform/bundling/lambda-credentials.ts');
    const saved = { ...process.env };
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-example', AWS_SESSION_TOKEN: 'token-example' });
    try {
      await expect(defaultProvider()()).resolves.toMatchObject({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example', sessionToken: 'token-example' });
    } finally {
      process.env = saved;
    }
  });
});

describe('AWS calls bundle no AWS SDK client (lambdas/platform/aws/ over aws4fetch)', () => {
  it('DynamoDB, SQS, SES, Scheduler and the WebSocket API pull in neither @aws-sdk clients nor @smithy', async () => {
    const mod = (f: string) => JSON.stringify(join(root, 'lambdas/platform/aws', f));
    const { meta } = await bundle('aws', [
      `export { documentClient } from ${mod('dynamo.ts')};`, `export * from ${mod('dynamo-commands.ts')};`,
      `export { sqsClient, SendMessageBatchCommand } from ${mod('sqs.ts')};`, `export { sendRawMail } from ${mod('ses.ts')};`,
      `export { ensureDomainIdentity } from ${JSON.stringify(join(root, 'lambdas/domains/ses-identities.ts'))};`, `export { scheduleDraftSend } from ${mod('scheduler.ts')};`,
      `export { postToConnection } from ${mod('stream.ts')};`,
    ].join('\n'));
    const all = inputs(meta);
    expect(all.filter((p) => p.includes('node_modules/@aws-sdk/') && !p.includes('@aws-sdk/util-dynamodb/'))).toEqual([]);
    expect(all.filter((p) => p.includes('node_modules/@smithy/'))).toEqual([]);
    expect(all.some((p) => p.includes('node_modules/aws4fetch/'))).toBe(true);
  });
});

describe('lazy chunks: code behind `await import()` is a file of its own, loaded on first use', () => {
  it("nodemailer's composer is a chunk, not in index.mjs, and composes bundled as from source", async () => {
    const { file, meta } = await bundle('compose', `export { composeMime } from ${JSON.stringify(join(root, 'lambdas/content/compose.ts'))};`);
    const entry = Object.values(meta.outputs).find((o) => o.entryPoint)!;
    expect(Object.keys(entry.inputs).filter((p) => p.includes('node_modules/nodemailer/'))).toEqual([]);
    expect(Object.values(meta.outputs).some((o) => Object.keys(o.inputs).some((p) => p.includes('node_modules/nodemailer/')))).toBe(true);

    const { composeMime } = (await import(pathToFileURL(file).href)) as typeof import('../../lambdas/content/compose.ts');
    const raw = (await composeMime({
      from: { name: 'Agent Ünicode', address: 'agent@example.com' }, to: ['a@example.org'], cc: [], bcc: [],
      subject: 'Grüße', text: 'hello', html: '<p>hello</p>', messageId: 'm1@example.com', inReplyTo: null, references: [],
      date: new Date('2026-01-01T00:00:00Z'), attachments: [{ filename: 'a.txt', content: Buffer.from('x'), contentType: 'text/plain' }],
    })).toString();
    expect(raw).toContain('Message-ID: <m1@example.com>');
    expect(raw).toContain('Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=');
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toContain('filename=a.txt');
  });
});
