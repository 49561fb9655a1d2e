/**
 * Which stack `npm run test:sandbox` drives: MAILROOM_API_URL, or MAILROOM_STACK=<stack name>
 * (its ApiUrl output, read with the caller's AWS credentials), or — neither set, and always in
 * `npm test` — a local stack it starts itself as `npm start -- --sandbox` would. Everything else (the mail
 * domain, the pages, the stream, MCP) the suite finds through the API, as an agent would.
 */
import type { TestProject } from 'vitest/node';
import { readStackOutputs, SANDBOX_OUTPUTS } from '../../lib/stack-outputs.ts';
import { TEST_KNOBS } from '../../lambdas/functions.ts';
import { spawnLocalStack, type LocalStackProcess } from '../local-stack.ts';

export interface SandboxTarget {
  apiUrl: string;
  /** Where it came from, for messages. */
  source: string;
  /**
   * Mail sent by the stack reaches the stack's own domain: SES sending to its verified domain
   * and receiving it back. On for a stack on this machine (its SES stand-in delivers locally);
   * a deployed sandbox needs its domain's MX in place, so MAILROOM_REAL_MAIL=1 says so.
   */
  realMail: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext { sandbox: SandboxTarget }
}

let stack: LocalStackProcess | undefined;

const isLocalHost = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
const realMail = (apiUrl: string) => (process.env.MAILROOM_REAL_MAIL ? process.env.MAILROOM_REAL_MAIL === '1' : isLocalHost(apiUrl));

export async function setup(project: TestProject) {
  let apiUrl: string;
  let source: string;
  // `npm test` proves the suite on this change, so it always runs its own stack: a MAILROOM_API_URL
  // kept in the shell for the SDK and CLI must not send it to whatever stack that names.
  const own = process.env.npm_lifecycle_event === 'test';
  if (process.env.MAILROOM_API_URL && !own) {
    apiUrl = process.env.MAILROOM_API_URL;
    source = 'MAILROOM_API_URL';
  } else if (process.env.MAILROOM_STACK && !own) {
    apiUrl = (await readStackOutputs(process.env.MAILROOM_STACK, SANDBOX_OUTPUTS)).apiUrl;
    source = `the ApiUrl output of stack ${process.env.MAILROOM_STACK}`;
  } else {
    // Only the flag: the test knobs must come from --sandbox, as a deployed sandbox gets them
    // from context, not from this shell's environment.
    const unset = Object.fromEntries(Object.values(TEST_KNOBS).map((k) => [k.env, undefined]));
    stack = await spawnLocalStack({
      args: ['--in-memory', '--sandbox'],
      env: { ...unset, AWS_ENDPOINT_URL: undefined, MAIL_DOMAIN: 'sandbox.mailroom.localhost', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' },
      echoStderr: Boolean(process.env.E2E_VERBOSE),
    });
    apiUrl = stack.ready.apiUrl;
    source = 'a local stack started with npm start -- --sandbox';
  }
  apiUrl = apiUrl.replace(/\/+$/, '');

  // A stack without test mode answers 404 on the test-mode routes: say so once, not in every test.
  const doc = await fetch(`${apiUrl}/openapi.json`).then(async (r) => (r.ok ? r.json() as Promise<{ paths?: Record<string, unknown> }> : Promise.reject(new Error(`GET /openapi.json answered ${r.status}`))))
    .catch((e: Error) => { throw new Error(`The sandbox suite cannot reach ${apiUrl} (${source}): ${e.message}`); });
  if (!doc.paths?.['/v1/inboxes/{id}/messages/simulate']) {
    throw new Error(`${apiUrl} (${source}) is not in test mode: deploy it with -c stage=sandbox or -c testMode=true, or run npm start -- --sandbox.`);
  }
  project.provide('sandbox', { apiUrl, source, realMail: realMail(apiUrl) });
}

export async function teardown() {
  await stack?.stop();
}
