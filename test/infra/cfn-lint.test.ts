/**
 * cfn-lint on the synthesized template (the project's .venv/ one from `npm run setup` when present,
 * else the one on PATH; lib/local/python.ts decides).
 * Linted for the regions where SES receives mail that the README lists, so a resource type or
 * property missing in one of them shows up here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cfnLintExecutable } from '../../lib/local/python.ts';
import { synthMailroom } from './synth.ts';

/**
 * Rules ignored, each for a construct-generated pattern (not something this stack writes):
 * - W3005 "dependency already enforced by a GetAtt": aws-lambda's Function adds an explicit
 *   DependsOn on its role (and the role's default policy, which the GetAtt does not cover) so the
 *   policy exists before the function can be invoked; the role half is redundant, not wrong.
 */
const IGNORED_RULES = ['W3005'];
const REGIONS = ['us-east-1', 'us-west-2', 'eu-west-1'];

describe('cfn-lint', () => {
  let dir: string;
  let templatePath: string;

  beforeAll(() => {
    // Bundling does not change the template's shape; cdk-synth.test.ts covers it.
    const { template } = synthMailroom({ skipBundling: true });
    dir = mkdtempSync(path.join(tmpdir(), 'mailroom-cfn-lint-'));
    templatePath = path.join(dir, 'Mailroom.template.json');
    writeFileSync(templatePath, JSON.stringify(template.toJSON(), null, 1));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is clean', () => {
    const cfnLint = cfnLintExecutable();
    const run = spawnSync(
      cfnLint,
      ['--regions', ...REGIONS, '--ignore-checks', ...IGNORED_RULES, '--', templatePath],
      { encoding: 'utf8', timeout: 240_000 },
    );
    if (run.error) throw new Error(`${cfnLint} could not run (install it with: npm run setup): ${run.error.message}`);
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
    expect(run.status).toBe(0);
  });
});
