/**
 * The preflight `npm test` and `npm start` run first (through scripts/preflight.js): it checks every
 * prerequisite the README names and, when one is missing, lists each with the command that installs
 * it on Debian/Ubuntu and on macOS, and exits non-zero before anything else runs. It only looks
 * (one short Python probe, file checks), so it takes a fraction of a second.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { BROWSER_INSTALL, findBrowser, isExecutableFile, type BrowserSearch } from '../lib/local/browser.ts';
import { cfnLintExecutable, CFN_LINT_VERSION, MOTO_VERSION, PIP_REQUIREMENTS, PROJECT_ROOT, pythonExecutable } from '../lib/local/python.ts';

export type Mode = 'start' | 'test';

export interface Check {
  name: string;
  ok: boolean;
  /** What was found, or why it is missing. */
  detail: string;
  /** Install commands, when missing. */
  install?: { debian: string; macos: string; any?: string };
  /** Found but not as pinned: reported, not fatal. */
  warning?: string;
}

export interface PreflightOptions {
  mode: Mode;
  env?: NodeJS.ProcessEnv;
  root?: string;
  browser?: BrowserSearch;
}

/** Oldest Python moto 5 supports. */
const MIN_PYTHON: [number, number] = [3, 9];
/** A Python that has not answered by then is broken, not slow. */
const PROBE_TIMEOUT_MS = 15_000;

const SETUP = 'npm run setup';
const PY_INSTALL = {
  debian: `sudo apt-get install -y python3 python3-venv && ${SETUP}`,
  macos: `brew install python && ${SETUP}`,
};
const MOTO_INSTALL = {
  debian: `${SETUP}   (puts ${PIP_REQUIREMENTS.join(' and ')} into .venv/; needs python3-venv)`,
  macos: `${SETUP}   (puts ${PIP_REQUIREMENTS.join(' and ')} into .venv/)`,
};

/** Every dependency of package.json is in node_modules at the version the lockfile pins. */
export function checkNodeModules(root: string): Check {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const wanted = { ...pkg.dependencies, ...pkg.devDependencies };
  const stale: string[] = [];
  for (const [name, version] of Object.entries(wanted)) {
    let installed: string | undefined;
    try { installed = (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string }).version; } catch { installed = undefined; }
    if (installed !== version) stale.push(installed ? `${name} ${installed} (wants ${version})` : name);
  }
  const install = { debian: 'npm ci', macos: 'npm ci' };
  if (!existsSync(join(root, 'node_modules'))) return { name: 'Node modules', ok: false, detail: 'not installed (no node_modules)', install };
  if (stale.length) return { name: 'Node modules', ok: false, detail: `missing or out of date: ${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ` and ${stale.length - 5} more` : ''}`, install };
  return { name: 'Node modules', ok: true, detail: `${Object.keys(wanted).length} packages as package.json pins them` };
}

/** Prints what the emulator needs, as JSON, without importing moto (which takes seconds). */
const PROBE = `
import importlib.util, json, sys
from importlib import metadata
def version(name):
    try:
        return metadata.version(name)
    except Exception:
        return None
print(json.dumps({
    "python": list(sys.version_info[:3]),
    "moto": version("moto"),
    "server": all(importlib.util.find_spec(m) is not None for m in ("flask", "flask_cors")),
}))
`;

export function checkPython(env: NodeJS.ProcessEnv, root: string): Check[] {
  const python = pythonExecutable(env, root);
  const label = env.PYTHON ? `PYTHON=${python}` : python;
  const run = spawnSync(python, ['-c', PROBE], { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, env });
  const moto = (detail: string): Check => ({ name: `moto[server] ${MOTO_VERSION} (the AWS emulator)`, ok: false, detail, install: MOTO_INSTALL });
  if (run.error || run.status !== 0) {
    const why = run.error ? ((run.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : run.error.message) : `exited ${run.status}: ${run.stderr.trim().slice(-200)}`;
    return [{ name: 'Python 3', ok: false, detail: `${label}: ${why}`, install: PY_INSTALL }, moto(`needs Python 3 first`)];
  }
  let probe: { python: number[]; moto: string | null; server: boolean };
  try { probe = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? ''); } catch { return [{ name: 'Python 3', ok: false, detail: `${label} did not answer as Python 3 does`, install: PY_INSTALL }]; }
  const [major = 0, minor = 0, patch = 0] = probe.python;
  const py: Check = major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1])
    ? { name: 'Python 3', ok: true, detail: `${label} (${major}.${minor}.${patch})` }
    : { name: 'Python 3', ok: false, detail: `${label} is ${major}.${minor}; moto needs ${MIN_PYTHON.join('.')} or later`, install: PY_INSTALL };
  if (!probe.moto) return [py, moto(`not installed for ${label}`)];
  if (!probe.server) return [py, moto(`moto ${probe.moto} is installed for ${label} without its server extra (flask, flask-cors)`)];
  return [py, {
    name: `moto[server] ${MOTO_VERSION} (the AWS emulator)`, ok: true, detail: `moto ${probe.moto}`,
    ...(probe.moto !== MOTO_VERSION ? { warning: `moto ${probe.moto} is installed, the tests were last run with ${MOTO_VERSION} (npm run setup -- --venv installs exactly that)` } : {}),
  }];
}

export function checkCfnLint(env: NodeJS.ProcessEnv, root: string): Check {
  const exe = cfnLintExecutable(root);
  const found = exe !== 'cfn-lint' ? exe : (env.PATH ?? '').split(delimiter).filter(Boolean).map((d) => join(d, 'cfn-lint')).find(isExecutableFile);
  if (found) return { name: 'cfn-lint (template lint)', ok: true, detail: found };
  return {
    name: 'cfn-lint (template lint)', ok: false, detail: 'not in .venv/ and not on PATH',
    install: { debian: `${SETUP}   (or: pipx install cfn-lint==${CFN_LINT_VERSION})`, macos: `${SETUP}   (or: brew install cfn-lint)` },
  };
}

export function checkBrowser(search: BrowserSearch): Check {
  const found = findBrowser(search);
  if (found.ok) return { name: 'Chromium or Chrome (browser tests)', ok: true, detail: `${found.path} (${found.source})` };
  return {
    name: 'Chromium or Chrome (browser tests)', ok: false, detail: `${found.reason}; looked at ${found.looked.join(', ')}`,
    install: BROWSER_INSTALL,
  };
}

export function runChecks(o: PreflightOptions): Check[] {
  const env = o.env ?? process.env;
  const root = o.root ?? PROJECT_ROOT;
  const checks = [checkNodeModules(root)];
  // Your own emulator (AWS_ENDPOINT_URL), or tests against a deployed stack, need no moto.
  const needsMoto = !env.AWS_ENDPOINT_URL && !(o.mode === 'test' && env.MAILROOM_API_URL);
  if (needsMoto) checks.push(...checkPython(env, root));
  if (o.mode === 'test') checks.push(checkCfnLint(env, root), checkBrowser({ env, ...o.browser }));
  return checks;
}

export function report(mode: Mode, checks: Check[], ms: number): { ok: boolean; text: string } {
  const missing = checks.filter((c) => !c.ok);
  const warnings = checks.filter((c) => c.warning).map((c) => `preflight: note: ${c.warning}`);
  if (!missing.length) {
    return { ok: true, text: [...warnings, `preflight (npm ${mode}): ${checks.length} prerequisites present (${Math.round(ms)} ms)`].join('\n') };
  }
  const lines = [`preflight (npm ${mode}): ${missing.length} missing prerequisite${missing.length > 1 ? 's' : ''}; nothing was run.`, ''];
  for (const c of checks) {
    lines.push(`  ${c.ok ? 'ok     ' : 'MISSING'} ${c.name}: ${c.detail}`);
    if (!c.ok && c.install) {
      lines.push(`            Debian/Ubuntu: ${c.install.debian}`);
      lines.push(`            macOS:         ${c.install.macos}`);
      if (c.install.any) lines.push(`            either:        ${c.install.any}`);
    }
  }
  lines.push('', 'The README\'s first screen lists the prerequisites; `npm run setup` installs the Python ones.');
  return { ok: false, text: [...warnings, ...lines].join('\n') };
}

/** The command line: `preflight.js start|test`. Returns the exit code. */
export function main(argv: string[]): number {
  const mode = argv[0];
  if (mode !== 'start' && mode !== 'test') {
    console.error('usage: node scripts/preflight.js start|test');
    return 2;
  }
  const started = performance.now();
  const result = report(mode, runChecks({ mode }), performance.now() - started);
  (result.ok ? console.log : console.error)(result.text);
  return result.ok ? 0 : 1;
}
