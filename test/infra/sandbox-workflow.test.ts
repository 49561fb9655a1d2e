/**
 * The example GitHub Actions workflow (docs/examples/sandbox-integration.yml) is written, not run
 * here — no AWS account — so what can be checked without one is: its deploy and destroy name only
 * context the app takes, and that context synthesizes a disposable stack in test mode; it asks
 * for OIDC credentials, not stored keys; it runs the suite against the stack it deployed; and it
 * destroys the stack even when the tests fail.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logicalId, PROJECT_ROOT, synthMailroom } from './synth.ts';

const workflow = readFileSync(path.join(PROJECT_ROOT, 'docs/examples/sandbox-integration.yml'), 'utf8');
/** A step's run script: the lines after `name: <name>` up to the next step. */
const step = (name: string) => {
  const at = workflow.indexOf(`- name: ${name}`);
  expect(at, `a step named "${name}"`).toBeGreaterThanOrEqual(0);
  const next = workflow.indexOf('\n      - ', at + 1);
  return workflow.slice(at, next < 0 ? undefined : next);
};
/** The -c key=value pairs of a step's commands (not its comments), GitHub expressions replaced by sample values. */
const contextOf = (script: string): Record<string, string> => {
  const samples: Record<string, string> = {
    'vars.SANDBOX_MAIL_DOMAIN': 'sandbox.mailroom.test', 'vars.HOSTED_ZONE_ID': 'Z0123456789ABCDEFGHIJ', 'vars.HOSTED_ZONE_NAME': 'mailroom.test',
  };
  const commands = script.split('\n').filter((l) => !/^\s*#/.test(l)).join('\n');
  const resolved = commands.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_m, name: string) => samples[name] ?? `UNRESOLVED(${name})`).replace(/\$ADOPT/g, 'false');
  return Object.fromEntries([...resolved.matchAll(/-c (\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
};

describe('the example sandbox workflow', () => {
  it('deploys context the app takes: a stack in test mode whose table goes with it', () => {
    const context = contextOf(step('Deploy the sandbox stack'));
    expect(context).toMatchObject({ stage: 'sandbox', disposableData: 'true' });
    expect(JSON.stringify(context)).not.toContain('UNRESOLVED');
    const v = synthMailroom({ skipBundling: true, context });
    expect(v.stack.config.testMode).toBe(true);
    expect(v.stack.stackName).toBe('Mailroom-sandbox');
    const resources = v.template.toJSON().Resources as Record<string, { DeletionPolicy?: string }>;
    expect(resources[logicalId(v.stack.data.table, v.stack)]!.DeletionPolicy).toBe('Delete');
  });

  it('destroys the same stack even when a step before failed', () => {
    const destroy = step('Destroy the sandbox stack');
    expect(destroy).toMatch(/if: always\(\)/);
    expect(destroy).toMatch(/cdk destroy "\$STACK" --force/);
    const context = contextOf(destroy);
    expect(context).toMatchObject({ stage: 'sandbox', disposableData: 'true' });
    expect(() => synthMailroom({ skipBundling: true, context })).not.toThrow();
  });

  it('takes OIDC credentials and runs the suite against the deployed stack by its name', () => {
    expect(workflow).toMatch(/^permissions:\n\s+id-token: write/m);
    expect(workflow).toContain('aws-actions/configure-aws-credentials');
    expect(workflow).not.toMatch(/aws-access-key-id|AWS_SECRET_ACCESS_KEY/);
    const suite = step('Integration suite');
    expect(suite).toContain('npm run test:sandbox');
    expect(suite).toMatch(/MAILROOM_STACK: \$\{\{ env\.STACK \}\}/);
    expect(workflow).toMatch(/STACK: Mailroom-sandbox/);
  });
});
