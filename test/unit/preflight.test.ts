/**
 * The preflight `npm test` and `npm start` run first (scripts/preflight.js → scripts/preflight.ts):
 * on this machine it passes, fast; with the prerequisites out of reach it exits non-zero and names
 * each missing one with its Debian/Ubuntu and macOS install commands, before anything else runs.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cfnLintExecutable, MOTO_VERSION, pythonExecutable } from '../../lib/local/python.ts';
import { checkCfnLint, checkNodeModules, checkPython, report, runChecks } from '../../scripts/preflight.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PREFLIGHT = join(ROOT, 'scripts/preflight.js');
/** The project's own Node, as npm scripts run it (vitest itself may be on another). */
const NODE = join(ROOT, 'node_modules/.bin/node');
const scratch = mkdtempSync(join(tmpdir(), 'mailroom-preflight-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const empty = join(scratch, 'empty-bin');
mkdirSync(empty);

function preflight(mode: 'start' | 'test', env: NodeJS.ProcessEnv) {
  const started = performance.now();
  const r = spawnSync(NODE, [PREFLIGHT, mode], { cwd: ROOT, encoding: 'utf8', env, timeout: 30_000 });
  return { ...r, ms: performance.now() - started, out: `${r.stdout}${r.stderr}` };
}

/** A stand-in "python" that answers the probe as a given installation would. */
function fakePython(name: string, answer: object): string {
  const path = join(scratch, name);
  writeFileSync(path, `#!/bin/sh\necho '${JSON.stringify(answer)}'\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('npm test / npm start preflight', () => {
  it('passes on this machine, which has every prerequisite, in well under two seconds of its own time', () => {
    const r = preflight('test', process.env);
    expect(r.status, r.out).toBe(0);
    const own = Number(/\((\d+) ms\)/.exec(r.stdout)?.[1]);
    expect(r.stdout).toMatch(/preflight \(npm test\): \d+ prerequisites present/);
    expect(own, r.stdout).toBeLessThan(2000);
  });

  it('with PATH, PYTHON and CHROME_PATH pointing at nothing, fails and names each missing thing with its install commands', () => {
    const r = preflight('test', { PATH: empty, PYTHON: join(empty, 'python3'), CHROME_PATH: join(empty, 'chrome'), HOME: scratch });
    expect(r.status, r.out).toBe(1);
    expect(r.stderr).toMatch(/missing prerequisites; nothing was run/);
    const section = (name: string) => r.stderr.slice(r.stderr.indexOf(name)).split(/\n  (?:ok|MISSING)/)[0]!;
    expect(section('MISSING Python 3')).toMatch(/PYTHON=.*python3: not found[\s\S]*Debian\/Ubuntu: sudo apt-get install -y python3 python3-venv && npm run setup[\s\S]*macOS: +brew install python && npm run setup/);
    expect(section(`MISSING moto[server] ${MOTO_VERSION}`)).toMatch(/Debian\/Ubuntu: npm run setup[\s\S]*macOS: +npm run setup/);
    expect(section('MISSING Chromium or Chrome')).toMatch(/CHROME_PATH=.*chrome is not an executable file[\s\S]*apt-get install -y chromium[\s\S]*brew install --cask chromium/);
    expect(r.stderr).toMatch(/ok +Node modules/);
  });

  it('npm start needs neither the browser nor cfn-lint, and no moto when AWS_ENDPOINT_URL names your own emulator', () => {
    const start = runChecks({ mode: 'start', env: { PATH: empty, CHROME_PATH: join(empty, 'chrome'), PYTHON: process.env.PYTHON }, root: ROOT });
    expect(start.map((c) => c.name)).not.toContainEqual(expect.stringMatching(/Chromium|cfn-lint/));
    const own = runChecks({ mode: 'start', env: { PATH: empty, PYTHON: join(empty, 'python3'), AWS_ENDPOINT_URL: 'http://127.0.0.1:5000' }, root: ROOT });
    expect(own.map((c) => c.name)).toEqual(['Node modules']);
    expect(own.every((c) => c.ok)).toBe(true);
  });

  it('names cfn-lint when neither .venv/ nor PATH has it', () => {
    const c = checkCfnLint({ PATH: empty }, scratch);
    expect(c).toMatchObject({ ok: false, install: { debian: expect.stringContaining('npm run setup'), macos: expect.stringContaining('brew install cfn-lint') } });
    const onPath = join(scratch, 'lint-bin');
    mkdirSync(onPath);
    fakePython('lint-bin/cfn-lint', {});
    expect(checkCfnLint({ PATH: `${empty}:${onPath}` }, scratch)).toMatchObject({ ok: true, detail: join(onPath, 'cfn-lint') });
  });

  it('tells an old Python, moto without its server extra, and another moto version apart', () => {
    const old = checkPython({ PYTHON: fakePython('py38', { python: [3, 8, 10], moto: MOTO_VERSION, server: true }) }, scratch);
    expect(old[0]).toMatchObject({ ok: false, detail: expect.stringMatching(/is 3\.8; moto needs 3\.9 or later/) });
    const bare = checkPython({ PYTHON: fakePython('nomoto', { python: [3, 12, 1], moto: null, server: false }) }, scratch);
    expect(bare.map((c) => c.ok)).toEqual([true, false]);
    expect(bare[1]!.detail).toMatch(/not installed for PYTHON=/);
    const noServer = checkPython({ PYTHON: fakePython('noserver', { python: [3, 12, 1], moto: MOTO_VERSION, server: false }) }, scratch);
    expect(noServer[1]).toMatchObject({ ok: false, detail: expect.stringMatching(/without its server extra/) });
    const other = checkPython({ PYTHON: fakePython('othermoto', { python: [3, 12, 1], moto: '5.0.9', server: true }) }, scratch);
    expect(other.every((c) => c.ok)).toBe(true);
    expect(other[1]!.warning).toMatch(new RegExp(`5\\.0\\.9 is installed.*${MOTO_VERSION.replaceAll('.', '\\.')}`));
    expect(report('start', other, 5)).toMatchObject({ ok: true, text: expect.stringMatching(/note: moto 5\.0\.9/) });
  });

  it('names Node modules that are missing or not at the pinned version, with npm ci', () => {
    const root = join(scratch, 'project');
    mkdirSync(root);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ dependencies: { zod: '4.6.7', stripe: '23.1.0' } }));
    expect(checkNodeModules(root)).toMatchObject({ ok: false, detail: 'not installed (no node_modules)', install: { debian: 'npm ci', macos: 'npm ci' } });
    mkdirSync(join(root, 'node_modules', 'zod'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'zod', 'package.json'), JSON.stringify({ version: '4.0.0' }));
    expect(checkNodeModules(root)).toMatchObject({ ok: false, detail: 'missing or out of date: zod 4.0.0 (wants 4.6.7), stripe' });
  });

  it('before npm ci (no node_modules at all), still runs on any Node and says to run npm ci', () => {
    const fresh = join(scratch, 'clone');
    mkdirSync(join(fresh, 'scripts'), { recursive: true });
    copyFileSync(PREFLIGHT, join(fresh, 'scripts', 'preflight.js'));
    const r = spawnSync(process.execPath, [join(fresh, 'scripts', 'preflight.js'), 'test'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/MISSING Node modules: not installed[\s\S]*Debian\/Ubuntu: npm ci[\s\S]*macOS: +npm ci/);
  });

  it('uses PYTHON, else the .venv/ that npm run setup made, else python3; and the .venv/ cfn-lint when there is one', () => {
    const root = join(scratch, 'with-venv');
    mkdirSync(join(root, '.venv', 'bin'), { recursive: true });
    expect(pythonExecutable({}, root)).toBe('python3');
    expect(cfnLintExecutable(root)).toBe('cfn-lint');
    for (const tool of ['python', 'cfn-lint']) writeFileSync(join(root, '.venv', 'bin', tool), '');
    expect(pythonExecutable({}, root)).toBe(join(root, '.venv', 'bin', 'python'));
    expect(pythonExecutable({ PYTHON: '/opt/py/bin/python3' }, root)).toBe('/opt/py/bin/python3');
    expect(cfnLintExecutable(root)).toBe(join(root, '.venv', 'bin', 'cfn-lint'));
  });
});

describe('npm install prepares what npm run setup does, and never fails', () => {
  const SETUP = join(ROOT, 'scripts/setup.ts');
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

  it('postinstall runs the setup in its install mode', () => {
    expect(pkg.scripts.postinstall).toMatch(/^node scripts\/setup\.ts --from-install\b/);
  });

  it('on a machine with everything, says so and changes nothing', () => {
    const r = spawnSync(NODE, [SETUP, '--from-install'], { cwd: ROOT, encoding: 'utf8', env: process.env, timeout: 60_000 });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/setup: nothing to do: Python 3 → /);
  });

  it('with no Python, no cfn-lint and no browser: exit 0, naming each with how to get it, and no .venv/ left behind', () => {
    const r = spawnSync(NODE, [SETUP, '--from-install'], {
      cwd: ROOT, encoding: 'utf8', timeout: 60_000,
      env: { PATH: empty, PYTHON: join(empty, 'python3'), CHROME_PATH: join(empty, 'chrome'), HOME: scratch },
    });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/missing: Python 3 \(PYTHON=.*python3: not found\)/);
    expect(r.stdout).toMatch(/cfn-lint \(template lint\)/);
    expect(r.stdout).toMatch(/Debian\/Ubuntu: sudo apt-get install -y python3 python3-venv/);
    expect(r.stdout).toMatch(/no Chromium or Chrome for the browser tests: npm run setup installs one, or .*apt-get install -y chromium/);
    expect(r.stdout).toMatch(/the install itself is complete/);
    expect(existsSync(join(ROOT, '.venv')) && !existsSync(join(ROOT, '.venv/bin/python'))).toBe(false);
  });
});
