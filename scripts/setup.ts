/**
 * `npm run setup`: the Python prerequisites, without touching the system Python.
 *
 * - When the Python the project would use already has moto[server] and cfn-lint, it says so and
 *   changes nothing (pass --venv to build the pinned virtualenv anyway).
 * - Otherwise it creates the project-local virtualenv `.venv/` (git-ignored) and pip-installs the
 *   pinned moto[server] and cfn-lint into it; lib/local/python.ts then uses it for `npm start`
 *   and `npm test`. This works where the system Python is externally managed (PEP 668) and
 *   refuses `pip install`.
 * - When pip cannot reach its package index it says so and removes the half-made `.venv/`, so the
 *   stack never picks up a virtualenv without moto.
 * - A missing browser is installed into Playwright's cache where that works; otherwise the
 *   apt/brew command is printed.
 * - `--from-install` (npm's postinstall): the Python part as above, a missing browser only named
 *   with its install command, and exit 0 whatever happens: `npm install` never fails on these.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { BROWSER_INSTALL, findBrowser } from '../lib/local/browser.ts';
import { PIP_REQUIREMENTS, PROJECT_ROOT, venvBin, venvDir } from '../lib/local/python.ts';
import { checkCfnLint, checkPython } from './preflight.ts';

/** pip's own defaults retry for minutes when there is no network; fail fast and say why. */
const PIP_NETWORK_FLAGS = ['--retries', '1', '--timeout', '15', '--disable-pip-version-check'];
const UNREACHABLE = /Failed to establish a new connection|Temporary failure in name resolution|Name or service not known|nodename nor servname|Network is unreachable|ProxyError|ConnectTimeout|Read timed out|Could not fetch URL|SSLError/;
const NOT_FOUND = /No matching distribution found|Could not find a version that satisfies/;

const say = (s: string) => console.log(`setup: ${s}`);
const run = (cmd: string, args: string[]): SpawnSyncReturns<string> =>
  spawnSync(cmd, args, { encoding: 'utf8', cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });

/** The interpreter the virtualenv is made from: PYTHON, else python3 (never the venv itself). */
function basePython(): string {
  return process.env.PYTHON || 'python3';
}

function externallyManaged(python: string): boolean {
  const r = run(python, ['-c', 'import os, sysconfig; print(os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))']);
  return r.stdout.trim() === 'True';
}

function setupPython(forceVenv: boolean): boolean {
  const venv = venvDir();
  const python = basePython();
  if (!forceVenv) {
    // What the stack would use now (PYTHON, an existing .venv, or python3) and cfn-lint on PATH.
    const current = [...checkPython(process.env, PROJECT_ROOT), checkCfnLint(process.env, PROJECT_ROOT)];
    if (current.every((c) => c.ok)) {
      say(`nothing to do: ${current.map((c) => `${c.name.split(' (')[0]} → ${c.detail}`).join('; ')}.`);
      return true;
    }
    say(`missing: ${current.filter((c) => !c.ok).map((c) => `${c.name} (${c.detail})`).join('; ')}.`);
  }

  const probe = run(python, ['--version']);
  if (probe.error || probe.status !== 0) {
    say(`cannot run ${python}. Install Python 3 first:\n  Debian/Ubuntu: sudo apt-get install -y python3 python3-venv\n  macOS:         brew install python`);
    return false;
  }
  const managed = externallyManaged(python);
  say(`${probe.stdout.trim() || probe.stderr.trim()} at ${python}${managed ? ' is externally managed (PEP 668): installing into .venv/, not the system' : ''}.`);

  const created = !existsSync(venvBin('python'));
  if (created) {
    say(`creating ${venv}`);
    const mk = run(python, ['-m', 'venv', venv]);
    if (mk.status !== 0) {
      rmSync(venv, { recursive: true, force: true });
      say(`could not create the virtualenv:\n${(mk.stderr || mk.stdout).trim()}\n  Debian/Ubuntu: sudo apt-get install -y python3-venv\n  macOS:         brew install python`);
      return false;
    }
  }
  say(`pip install ${PIP_REQUIREMENTS.join(' ')} (into .venv/)`);
  const pip = spawnSync(venvBin('python'), ['-m', 'pip', 'install', ...PIP_NETWORK_FLAGS, ...PIP_REQUIREMENTS], {
    encoding: 'utf8', cwd: PROJECT_ROOT, stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (pip.status !== 0) {
    const err = (pip.stderr ?? '').trim();
    if (created) rmSync(venv, { recursive: true, force: true });
    if (UNREACHABLE.test(err)) {
      say(`pip could not reach its package index (PyPI${process.env.PIP_INDEX_URL ? ` at ${process.env.PIP_INDEX_URL}` : ''}); nothing was installed${created ? ' and .venv/ was removed' : ''}.\n` +
        '  Check the network or proxy (HTTPS_PROXY, PIP_INDEX_URL), then run npm run setup again;\n' +
        (managed
          ? '  or point PYTHON at a Python that already has moto[server] and put cfn-lint on PATH.'
          : `  or install them into ${python} some other way: ${python} -m pip install ${PIP_REQUIREMENTS.map((r) => `"${r}"`).join(' ')}`));
    } else if (NOT_FOUND.test(err)) {
      say(`pip reached its package index but found no ${PIP_REQUIREMENTS.join(' or ')} there (PIP_INDEX_URL?); nothing was installed${created ? ' and .venv/ was removed' : ''}.`);
    } else {
      say(`pip failed${created ? ' (.venv/ removed)' : ''}:\n${err.split('\n').slice(-15).join('\n')}`);
    }
    return false;
  }
  say(`done: npm start and npm test now use ${venvBin('python')} and ${venvBin('cfn-lint')}.`);
  if (process.env.PYTHON) say(`note: PYTHON=${process.env.PYTHON} is set and wins over .venv/; unset it to use the virtualenv.`);
  return true;
}

function setupBrowser(): boolean {
  const found = findBrowser();
  if (found.ok) { say(`browser for the browser tests: ${found.path}.`); return true; }
  if (process.env.CHROME_PATH) { say(`${found.reason}: fix or unset CHROME_PATH.`); return false; }
  say('no Chromium or Chrome found; installing Playwright\'s Chromium into its cache (npx playwright-core install chromium)');
  const r = spawnSync(process.execPath, ['node_modules/playwright-core/cli.js', 'install', 'chromium'], { cwd: PROJECT_ROOT, stdio: 'inherit', timeout: 600_000 });
  if (r.status === 0 && findBrowser().ok) return true;
  say(`that did not work; install one yourself:\n  Debian/Ubuntu: ${BROWSER_INSTALL.debian}\n  macOS:         ${BROWSER_INSTALL.macos}`);
  return false;
}

/** After `npm install` (postinstall): no browser download, and never a failed install. */
function afterInstall(): void {
  try {
    const python = setupPython(false);
    const browser = findBrowser();
    if (!browser.ok) say(`no Chromium or Chrome for the browser tests: npm run setup installs one, or ${BROWSER_INSTALL.debian} (macOS: ${BROWSER_INSTALL.macos}).`);
    if (!python) say('npm start and npm test need the above; the install itself is complete.');
  } catch (e) {
    say(`could not check the prerequisites (${(e as Error).message}); run npm run setup.`);
  }
  process.exitCode = 0;
}

const args = process.argv.slice(2);
if (args.includes('--from-install')) {
  afterInstall();
} else {
  const ok = [setupPython(args.includes('--venv')), args.includes('--no-browser') || setupBrowser()].every(Boolean);
  process.exitCode = ok ? 0 : 1;
}
