/**
 * The README's commands run as written. Every ```sh block marked `<!-- readme-test -->` is run, in
 * the README's order, as one bash script against the stack under test — with API and SMTP_PORT
 * pointing at it, and curl made to fail on an HTTP error status, so a step that answers 4xx or 5xx
 * fails here instead of printing an error a reader would only see when trying it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { target } from './client.ts';

const README = resolve(import.meta.dirname, '../../README.md');
const MARK = '<!-- readme-test -->';

/** The marked blocks, in order. */
export function markedBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const re = /<!-- readme-test -->\s*\n```(?:sh|bash)\n([\s\S]*?)\n```/g;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) blocks.push(m[1]!);
  return blocks;
}

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', ['-c', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

describe('README', () => {
  const markdown = readFileSync(README, 'utf8');
  const blocks = markedBlocks(markdown);

  it('marks the quick start, receiving, waiting, MCP, webhooks, sending and operator blocks for this test', () => {
    expect(markdown.split(MARK).length - 1, 'every mark is followed by a sh block').toBe(blocks.length);
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    expect(blocks[0]).toContain('/v1/inboxes');
  });

  it('runs every marked block as written, in order, against the local stack', async () => {
    const t = target();
    const script = [
      'set -euo pipefail',
      // An HTTP error fails the step (the README leaves -f out so readers see error bodies).
      'curl() { command curl --fail-with-body --max-time 40 "$@"; }',
      ...blocks.map((b, i) => `echo "--- block ${i + 1}" >&2\n${b}`),
      'echo; echo README-OK',
    ].join('\n');
    const r = await run(script, { API: t.apiUrl, SMTP_PORT: String(t.smtpPort) });
    expect(r.code, `README script failed:\n${r.stderr.slice(-3000)}\n${r.stdout.slice(-3000)}`).toBe(0);
    expect(r.stdout).toContain('README-OK');
    // The wait block found the code of the mail the receive block sent.
    expect(r.stdout).toContain('"482913"');
  }, 180_000);
});
