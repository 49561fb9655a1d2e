import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInboundMail } from '../../lambdas/content/parse-mail.ts';
import { corporaDir } from '../corpora.ts';
import { cpuClock } from '../cpu-time.ts';

interface Entry { file: string; note: string }
const dir = join(corporaDir(), 'mime');
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Entry[];

describe('every message of the public MIME corpus parses without a crash or a hang', () => {
  it('has the corpus', () => expect(manifest.length).toBeGreaterThan(150));

  for (const entry of manifest) {
    it(entry.file, async () => {
      const raw = readFileSync(join(dir, entry.file));
      const cpu = cpuClock();
      const parsed = await parseInboundMail(raw);
      expect(cpu()).toBeLessThan(5000);
      // Nothing lost: the message yields text, HTML, an attachment, or says why it could not.
      const hasContent = parsed.text.length > 0 || !!parsed.html || parsed.attachments.length > 0 || !!parsed.parseError
        || Object.keys(parsed.headers).length > 0;
      expect(hasContent).toBe(true);
      // Decoded text never keeps raw RFC 2047 encoded words in the subject.
      expect(parsed.subject).not.toMatch(/=\?utf-8\?[bq]\?/i);
      // Stable: the same bytes give the same result.
      const again = await parseInboundMail(raw);
      expect(again.subject).toBe(parsed.subject);
      expect(again.attachments.map((a) => a.size)).toEqual(parsed.attachments.map((a) => a.size));
    });
  }
});

describe('odd charsets and encodings decode', () => {
  it('decodes an RFC 2047 ISO-8859-1 subject and a quoted-printable Windows-1252 body', async () => {
    const raw = Buffer.from([
      'From: =?ISO-8859-1?Q?Andr=E9?= <andre@example.fr>',
      'To: agent@mailroom.localhost',
      'Subject: =?ISO-8859-1?Q?R=E9sum=E9_pr=EAt?=',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=windows-1252',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Caf=E9 =80 cr=E8me',
      '',
    ].join('\r\n'), 'latin1');
    const p = await parseInboundMail(raw);
    expect(p.subject).toBe('Résumé prêt');
    expect(p.text.trim()).toBe('Café € crème');
    expect(p.from).toEqual({ address: 'andre@example.fr', name: 'André' });
  });

  it('decodes Shift_JIS and GB2312 bodies', async () => {
    const { default: iconv } = await import('iconv-lite');
    for (const [charset, text] of [['Shift_JIS', 'こんにちは、世界'], ['GB2312', '你好，世界']] as const) {
      const raw = Buffer.concat([
        Buffer.from(`From: a@example.com\r\nTo: b@mailroom.localhost\r\nSubject: hi\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=${charset}\r\nContent-Transfer-Encoding: base64\r\n\r\n`),
        Buffer.from(iconv.encode(text, charset).toString('base64') + '\r\n'),
      ]);
      expect((await parseInboundMail(raw)).text.trim()).toBe(text);
    }
  });

  it('keeps a message whose MIME is garbage, flagged, with what could be read', async () => {
    const raw = Buffer.from('From: x@example.com\r\nSubject: broken\r\nContent-Type: multipart/mixed; boundary="zz"\r\n\r\n--zz\r\nContent-Type: text/plain\r\n\r\nhello\r\n');
    const p = await parseInboundMail(raw);
    expect(p.subject).toBe('broken');
    expect(p.text).toContain('hello');
  });
});
