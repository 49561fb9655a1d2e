/**
 * Which Python runs the AWS emulator (moto) and which cfn-lint lints the template, in one place:
 * `PYTHON` if set; else the project's own virtualenv `.venv/` (made by `npm run setup` where the
 * system Python refuses `pip install`, PEP 668) if it exists; else `python3` on PATH.
 * Used by the local stack, the benchmarks, the cfn-lint test, the preflight and the setup.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The versions `npm run setup` installs; the test suite was last run with exactly these (moto_server.py
 * patches moto internals, and cfn-lint's rules change between releases).
 */
export const MOTO_VERSION = '5.2.1';
export const CFN_LINT_VERSION = '1.51.0';
export const PIP_REQUIREMENTS = [`moto[server]==${MOTO_VERSION}`, `cfn-lint==${CFN_LINT_VERSION}`];

/** The project-local virtualenv (git-ignored). */
export function venvDir(root = PROJECT_ROOT): string {
  return join(root, '.venv');
}

/** An executable inside the virtualenv (POSIX layout: Debian/Ubuntu and macOS). */
export function venvBin(name: string, root = PROJECT_ROOT): string {
  return join(venvDir(root), 'bin', name);
}

/** The Python executable to run moto with. */
export function pythonExecutable(env: NodeJS.ProcessEnv = process.env, root = PROJECT_ROOT): string {
  if (env.PYTHON) return env.PYTHON;
  const venvPython = venvBin('python', root);
  return existsSync(venvPython) ? venvPython : 'python3';
}

/** The cfn-lint executable: the virtualenv's when it has one, else cfn-lint on PATH. */
export function cfnLintExecutable(root = PROJECT_ROOT): string {
  const venvLint = venvBin('cfn-lint', root);
  return existsSync(venvLint) ? venvLint : 'cfn-lint';
}
