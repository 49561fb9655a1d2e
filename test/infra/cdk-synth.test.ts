/**
 * `npx cdk synth` the way a developer or CI runs it: the CLI runs bin/app.ts (cdk.json), every
 * handler is bundled by the local esbuild (never Docker), cdk-nag runs as a validation plugin,
 * and nothing reaches the network: proxies point at a closed port, notices and version checks
 * are off, and no AWS credentials are given.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV, functionsOf, type FunctionName } from '../../lambdas/functions.ts';
import { ESM_REQUIRE_BANNER, PROJECT_ROOT } from '../../lib/constructs/mailroom-function.ts';
import { TEST_MAIL_DOMAIN } from './synth.ts';

const STACK = 'Mailroom-dev';

/** The ES modules of a bundle directory: index.mjs and the chunks of lib/bundle-options.ts. */
const moduleFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs')).map((f) => path.join(dir, f));
/** The project's CLI; MAILROOM_CDK_CLI may point at another binary when checking a CLI upgrade. */
const CDK_CLI = process.env.MAILROOM_CDK_CLI ?? path.join(PROJECT_ROOT, 'node_modules', '.bin', 'cdk');

describe('npx cdk synth (offline)', () => {
  let out: string;
  let run: ReturnType<typeof spawnSync>;
  let log: string;

  beforeAll(() => {
    out = mkdtempSync(path.join(tmpdir(), 'mailroom-cdk-out-'));
    const offline: NodeJS.ProcessEnv = {
      ...process.env,
      HTTP_PROXY: 'http://127.0.0.1:9',
      HTTPS_PROXY: 'http://127.0.0.1:9',
      http_proxy: 'http://127.0.0.1:9',
      https_proxy: 'http://127.0.0.1:9',
      NO_PROXY: '',
      no_proxy: '',
      npm_config_offline: 'true',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_ACCESS_KEY_ID: '',
      AWS_SECRET_ACCESS_KEY: '',
      AWS_SESSION_TOKEN: '',
      AWS_PROFILE: '',
      CDK_DISABLE_VERSION_CHECK: '1',
      CDK_DISABLE_CLI_TELEMETRY: 'true',
      // Node 24 from node_modules/.bin first, as `npm run` would do.
      PATH: `${path.join(PROJECT_ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    };
    // cdk.json has no mail domain (the synth refuses to guess one): the test one, as a deployer gives theirs.
    run = spawnSync(CDK_CLI, ['synth', '--quiet', '--no-notices', '--no-version-reporting', '-c', `mailDomain=${TEST_MAIL_DOMAIN}`, '-o', out], {
      cwd: PROJECT_ROOT,
      env: offline,
      encoding: 'utf8',
      timeout: 280_000,
    });
    log = `${String(run.stdout)}\n${String(run.stderr)}`;
  });

  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('exits 0 and writes the template', () => {
    if (log.includes('Cloud assembly schema version mismatch')) {
      throw new Error(
        'The aws-cdk CLI in package.json cannot read the cloud assembly of this aws-cdk-lib; pin a CLI that reads its schema (aws-cdk 2.1148.1 with aws-cdk-lib 2.276.0).\n' + log,
      );
    }
    expect(run.error).toBeUndefined();
    expect(run.status, log).toBe(0);
    expect(existsSync(path.join(out, `${STACK}.template.json`))).toBe(true);
    expect(existsSync(path.join(out, 'manifest.json'))).toBe(true);
  });

  it('bundled with the local esbuild, not Docker', () => {
    expect(log).not.toMatch(/docker/i);
  });

  it('passed cdk-nag (the validation report has no failure)', () => {
    const reportPath = path.join(out, 'validation-report.json');
    if (!existsSync(reportPath)) return; // no plugin reported anything
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { pluginReports: { pluginName: string; conclusion?: string; violations?: unknown[] }[] };
    for (const plugin of report.pluginReports) {
      expect(plugin.violations ?? [], plugin.pluginName).toEqual([]);
    }
  });

  it('has every catalogue function on nodejs24.x arm64', () => {
    const template = JSON.parse(readFileSync(path.join(out, `${STACK}.template.json`), 'utf8')) as {
      Resources: Record<string, { Type: string; Properties: Record<string, any> }>;
    };
    const fns = Object.values(template.Resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Handler === 'index.handler' && r.Properties.Environment?.Variables?.MAIL_DOMAIN,
    );
    expect(fns).toHaveLength(functionsOf({ testMode: false }).length);
    for (const f of fns) {
      expect(f.Properties.Runtime).toBe('nodejs24.x');
      expect(f.Properties.Architectures).toEqual(['arm64']);
    }
  });

  it('bundled each handler into ESM (index.mjs and its lazy chunks) with the createRequire banner and source maps', () => {
    const bundles = readdirSync(out)
      .filter((d) => d.startsWith('asset.') && existsSync(path.join(out, d, 'index.mjs')))
      .map((d) => path.join(out, d));
    // The catalogue's functions and the receipt rule set's activation function (lib/custom-resources/).
    expect(bundles).toHaveLength(functionsOf({ testMode: false }).length + 1);
    for (const dir of bundles) {
      for (const file of moduleFiles(dir)) {
        expect(readFileSync(file, 'utf8').startsWith(ESM_REQUIRE_BANNER), file).toBe(true);
        expect(existsSync(`${file}.map`), file).toBe(true);
      }
      // No externals: nothing is left to install next to the bundle.
      expect(existsSync(path.join(dir, 'node_modules')), dir).toBe(false);
    }
  });

  it('bundled the lighter stand-ins of lib/bundle-aliases.ts (env credentials, lazy charsets)', () => {
    const sources = readdirSync(out)
      .filter((d) => d.startsWith('asset.') && existsSync(path.join(out, d, 'index.mjs.map')))
      .map((d) => moduleFiles(path.join(out, d)).flatMap((f) => (JSON.parse(readFileSync(`${f}.map`, 'utf8')) as { sources: string[] }).sources));
    // Every AWS call goes over aws4fetch (lambdas/platform/aws/fetch.ts): no bundle carries an SDK client,
    // its @smithy core or the default credential chain. Should a client come back, the env
    // stand-in replaces the chain (test/unit/bundle-aliases.test.ts).
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) {
      expect(s.filter((f) => /@aws-sdk\/(client-|credential-provider-(node|ini|sso)|nested-clients)|@smithy\//.test(f))).toEqual([]);
    }
    // ingest: the charset packages are still deployed, behind their lazy proxies, as files of
    // their own beside the output that requires them (lib/bundle-aliases.ts, LAZY_PACKAGES).
    const assets = readdirSync(out).filter((d) => d.startsWith('asset.') && existsSync(path.join(out, d, 'index.mjs')));
    const withCharsets = assets.filter((d) => moduleFiles(path.join(out, d)).some((f) =>
      (JSON.parse(readFileSync(`${f}.map`, 'utf8')) as { sources: string[] }).sources.some((s) => s.endsWith('lambdas/platform/bundling/lazy-encoding-japanese.cjs'))
      && existsSync(path.join(path.dirname(f), 'lazy', 'encoding-japanese.cjs')) && existsSync(path.join(path.dirname(f), 'lazy', 'iconv-lite.cjs'))));
    expect(withCharsets.length).toBeGreaterThan(0);
  });

  /**
   * What Lambda does at a cold start: import the bundle with the environment of its template
   * entry and nothing else. A module that reads a variable its definition does not give it (the
   * old `webhooks` function without WEBHOOK_QUEUE_URL) fails here as it failed in AWS.
   */
  describe('each bundle starts with exactly the environment its template gives it', () => {
    type Fn = { name: FunctionName; bundle: string; env: Record<string, string> };
    let fns: Fn[];
    let probe: string;

    beforeAll(() => {
      const template = JSON.parse(readFileSync(path.join(out, `${STACK}.template.json`), 'utf8')) as {
        Resources: Record<string, { Type: string; Metadata?: Record<string, string>; Properties: Record<string, any> }>;
      };
      fns = [];
      for (const r of Object.values(template.Resources)) {
        const m = /\/Fn-([a-z-]+)\/Handler\/Resource$/.exec(r.Metadata?.['aws:cdk:path'] ?? '');
        if (r.Type !== 'AWS::Lambda::Function' || !m) continue;
        const key = String(r.Properties.Code.S3Key);
        const bundle = path.join(out, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs');
        // Deploy-time values (Ref, GetAtt, Join) become placeholders of the same shape.
        const placeholder = (k: string) => k.endsWith('_URL') ? `https://deploy-time.invalid/${k.toLowerCase()}`
          : k.endsWith('_ARN') ? `arn:aws:deploy-time:us-east-1:000000000000:${k.toLowerCase()}` : `deploy-time-${k.toLowerCase()}`;
        const env = Object.fromEntries(Object.entries(r.Properties.Environment?.Variables ?? {})
          .map(([k, v]) => [k, typeof v === 'string' ? v : placeholder(k)]));
        fns.push({ name: m[1] as FunctionName, bundle, env });
      }
      probe = path.join(out, 'cold-start-probe.mjs');
      writeFileSync(probe, "const m = await import(process.argv[2]); if (typeof m.handler !== 'function') { console.error('no handler export'); process.exit(3); }\n");
    });

    const coldStart = (f: Fn, env: Record<string, string>) => spawnSync(process.execPath, [probe, f.bundle], {
      encoding: 'utf8', timeout: 60_000,
      env: {
        // What the Lambda runtime itself sets.
        PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1', AWS_DEFAULT_REGION: 'us-east-1', TZ: ':UTC',
        AWS_LAMBDA_FUNCTION_NAME: f.name, AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
        AWS_ACCESS_KEY_ID: 'cold-start', AWS_SECRET_ACCESS_KEY: 'cold-start', AWS_SESSION_TOKEN: 'cold-start',
        ...env,
      },
    });

    it('finds a bundle for every catalogue function', () => {
      expect(fns.map((f) => f.name).sort()).toEqual([...functionsOf({ testMode: false })].sort());
      for (const f of fns) expect(existsSync(f.bundle), f.bundle).toBe(true);
    });

    it('imports every bundle with its template environment alone', () => {
      for (const f of fns) {
        const run = coldStart(f, f.env);
        expect(run.status, `${f.name} failed its cold start with its template environment:\n${run.stderr}`).toBe(0);
      }
    });

    it('would catch a missing binding: the domains bundle without WEBHOOK_QUEUE_URL fails at import', () => {
      const domains = fns.find((f) => f.name === 'domains')!;
      expect(domains.env[ENV.webhookQueueUrl], 'the domains function is bound to the webhook queue').toBeDefined();
      const { [ENV.webhookQueueUrl]: _dropped, ...without } = domains.env;
      const run = coldStart(domains, without);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(ENV.webhookQueueUrl);
    });
  });
});
