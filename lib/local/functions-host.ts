/**
 * The Lambda stand-in of the local stack: each function of the catalogue (lambdas/functions.ts)
 * runs in its own worker thread, started with exactly the environment its CDK definition gives it
 * (environmentNames(), the table both use) plus what the Lambda runtime itself sets. Functions
 * share no module state and no variables, so a binding missing from the catalogue fails locally
 * the way it fails in AWS: at import, on the first invocation.
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { ENV, environmentNames, FUNCTIONS, handlerEntry, powertoolsEnv, TEST_KNOBS, type FunctionName, type Need } from '../../lambdas/functions.ts';
import type { SentMail } from '../../lambdas/platform/aws/ses.ts';
import { lambdaContext } from './lambda-context.ts';

/** What the host sends a worker. */
export type FromHost =
  | { type: 'invoke'; id: number; event: unknown; requestId: string; deadline: number }
  | { type: 'outbound-done'; id: number; error?: { name: string; message: string } };
/** What a worker sends the host. */
export type ToHost =
  | { type: 'result'; id: number; result?: unknown; error?: { name: string; message: string; stack?: string }; initError?: boolean }
  | { type: 'outbound'; id: number; mail: Omit<SentMail, 'raw'> & { raw: Uint8Array } };

export interface FunctionWorkerData {
  functionName: FunctionName;
  entry: string;
  memoryMb: number;
  /** Whether the function sends through SES (its SendEmail calls reach the host's outbound stand-in). */
  sesSend: boolean;
}

/**
 * Variables only the local stack sets, each for a reason; none of them exists in a deployed
 * function, and no handler may depend on one to start.
 */
export const LOCAL_ONLY_ENV = {
  /** Every function: the emulator's endpoint, so the AWS SDK talks to moto. */
  all: ['AWS_ENDPOINT_URL', 'MAILROOM_LOCAL_MODE', 'LOG_LEVEL',
    // Lambda's Invoke API: served by the local API stand-in (lib/local/lambda-invoke.ts), not the emulator.
    'AWS_ENDPOINT_URL_LAMBDA',
    // (The test knobs are not local-only: a stack in test mode sets them, TEST_KNOBS.)
    // Fair-share caps (lambdas/platform/config.ts), small in tests so they are reached quickly.
    'MAX_CONCURRENT_WAITS', 'MAX_STREAM_CONNECTIONS', 'MAX_SCHEDULED_DRAFTS_PER_INBOX', 'MAX_SCHEDULED_DRAFTS_PER_ACCOUNT',
    // The benchmark turns EMF lines off so they do not flood its tables.
    'POWERTOOLS_METRICS_DISABLED'],
  /** Locally the payment processor's keys come from the environment instead of Secrets Manager. */
  paymentSecret: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'],
} as const;

export type Invoke = (name: FunctionName, event: unknown, requestId?: string) => Promise<unknown>;

export interface FunctionsHostOptions {
  /** Values of the application variables (TABLE_NAME, …) as the stack's resources give them. */
  values: Record<string, string>;
  /** Values of the local-only variables (LOCAL_ONLY_ENV), usually from the host's own environment. */
  localValues: Record<string, string | undefined>;
  /**
   * AWS region and credentials the functions' SDK clients use (in Lambda: the execution role's):
   * a function's own identity when `perFunction` has one (lib/local/iam.ts), else the shared keys.
   */
  aws: { region: string; accessKeyId: string; secretAccessKey: string; perFunction?: Partial<Record<FunctionName, { accessKeyId: string; secretAccessKey: string }>> };
  /** What SES does after SendEmail (delivery to our own domain, simulator events). */
  outbound: (mail: SentMail) => Promise<void>;
  /**
   * 'isolated' (default): a worker thread per function. 'in-process': the handlers share this
   * process and its environment — only for the benchmark, which counts DynamoDB calls in-process.
   */
  mode?: 'isolated' | 'in-process';
  /** Tests only: another handler file in a function's place (isolated mode). */
  entries?: Partial<Record<FunctionName, string>>;
}

const entryOf = (name: FunctionName) =>
  resolve(fileURLToPath(new URL('.', import.meta.url)), '../..', handlerEntry(name));

/** The environment a function's worker starts with: its definition's, the runtime's, and the local knobs. */
export function functionEnvironment(name: FunctionName, o: Pick<FunctionsHostOptions, 'values' | 'localValues' | 'aws'>): Record<string, string> {
  const spec = FUNCTIONS[name];
  const needs = spec.needs as readonly Need[];
  const keys = o.aws.perFunction?.[name] ?? o.aws;
  const env: Record<string, string> = {
    // What the Lambda runtime sets.
    AWS_REGION: o.aws.region, AWS_DEFAULT_REGION: o.aws.region,
    AWS_ACCESS_KEY_ID: keys.accessKeyId, AWS_SECRET_ACCESS_KEY: keys.secretAccessKey,
    AWS_LAMBDA_FUNCTION_NAME: name, AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(spec.memoryMb),
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', TZ: ':UTC',
    // What the construct sets for Powertools (service name on log lines, metrics namespace).
    ...powertoolsEnv(name),
  };
  if (process.env.PATH) env.PATH = process.env.PATH;
  const hasPaymentSecret = needs.includes('paymentSecret') && !!o.values.STRIPE_SECRET_ARN;
  // The test knobs go on every function when the stack gives them, as deployed in test mode.
  const testMode = o.values[ENV.testMode] === 'true';
  for (const v of [...environmentNames(name, { paymentSecret: hasPaymentSecret, testMode }), ...Object.values(TEST_KNOBS).map((k) => k.env)]) {
    const value = o.values[v];
    if (value !== undefined) env[v] = value;
  }
  const local = [...LOCAL_ONLY_ENV.all, ...(needs.includes('paymentSecret') ? LOCAL_ONLY_ENV.paymentSecret : [])];
  for (const v of local) {
    const value = o.localValues[v];
    if (value !== undefined && value !== '') env[v] = value;
  }
  return env;
}

/**
 * A local function fails after this many times its Lambda timeout, and logs a warning at its real
 * timeout. A laptop (or a CI machine running the whole suite on two cores) is slower than Lambda;
 * failing at the exact timeout would report the machine's load, not the code.
 */
const LOCAL_TIMEOUT_FACTOR = 3;

interface Pending { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }

/** One function's execution environment (a worker thread), replaced after a crash or init error. */
class FunctionWorker {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly name: FunctionName, private readonly o: FunctionsHostOptions) {}

  private start(): Worker {
    const spec = FUNCTIONS[this.name];
    const data: FunctionWorkerData = {
      functionName: this.name, entry: this.o.entries?.[this.name] ?? entryOf(this.name), memoryMb: spec.memoryMb,
      sesSend: (spec.needs as readonly Need[]).includes('sesSend'),
    };
    const worker = new Worker(new URL('./function-worker.mjs', import.meta.url), {
      env: functionEnvironment(this.name, this.o), workerData: data, name: `mailroom-${this.name}`,
    });
    worker.on('message', (m: ToHost) => {
      if (m.type === 'outbound') {
        const mail: SentMail = { ...m.mail, raw: Buffer.from(m.mail.raw) };
        this.o.outbound(mail).then(
          () => worker.postMessage({ type: 'outbound-done', id: m.id } satisfies FromHost),
          (e: Error) => worker.postMessage({ type: 'outbound-done', id: m.id, error: { name: e.name, message: e.message } } satisfies FromHost),
        );
        return;
      }
      const p = this.pending.get(m.id);
      if (!p) return; // timed out already
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.error) {
        const e = Object.assign(new Error(m.error.message), { name: m.error.name, stack: m.error.stack });
        if (m.initError) {
          e.message = `${this.name}: Runtime.ImportModuleError: ${m.error.message}`;
          this.discard(worker);
        }
        p.reject(e);
      } else p.resolve(m.result);
    });
    // An uncaught error ends the environment, as in Lambda; whatever was running fails.
    const fail = (e: Error) => {
      this.discard(worker);
      for (const [id, p] of this.pending) { clearTimeout(p.timer); p.reject(e); this.pending.delete(id); }
    };
    worker.on('error', (e) => fail(e));
    worker.on('exit', (code) => { if (this.worker === worker) fail(new Error(`${this.name}: the function's worker exited (${code})`)); });
    return worker;
  }

  private discard(worker: Worker) {
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate();
  }

  invoke(event: unknown, requestId: string): Promise<unknown> {
    this.worker ??= this.start();
    const worker = this.worker;
    const id = ++this.nextId;
    const seconds = FUNCTIONS[this.name].timeoutSeconds;
    const started = Date.now();
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.name}: Task timed out after ${seconds * LOCAL_TIMEOUT_FACTOR} seconds (${LOCAL_TIMEOUT_FACTOR}× its Lambda timeout of ${seconds} s)`));
      }, seconds * 1000 * LOCAL_TIMEOUT_FACTOR);
      const settle = <T>(f: (v: T) => void) => (v: T) => {
        const ms = Date.now() - started;
        if (ms > seconds * 1000) {
          console.error(JSON.stringify({ level: 'warn', message: `${this.name} ran ${ms} ms: in Lambda it would have timed out after ${seconds} s`, request_id: requestId }));
        }
        f(v);
      };
      this.pending.set(id, { resolve: settle(resolvePromise), reject: settle(reject), timer });
      // The handler sees the Lambda deadline: getRemainingTimeInMillis() is what it would be in AWS.
      worker.postMessage({ type: 'invoke', id, event, requestId, deadline: started + seconds * 1000 } satisfies FromHost);
    });
  }

  async stop() {
    const w = this.worker;
    this.worker = undefined;
    for (const [, p] of this.pending) { clearTimeout(p.timer); p.reject(new Error(`${this.name}: stopped`)); }
    this.pending.clear();
    if (w) await w.terminate();
  }
}

export interface FunctionsHost {
  invoke: Invoke;
  stop(): Promise<void>;
}

export function startFunctionsHost(o: FunctionsHostOptions): FunctionsHost {
  if ((o.mode ?? 'isolated') === 'in-process') return inProcessHost(o);
  const workers = new Map<FunctionName, FunctionWorker>();
  return {
    invoke: (name, event, requestId = randomUUID()) => {
      if (!(name in FUNCTIONS)) return Promise.reject(new Error(`unknown function ${name}`));
      let w = workers.get(name);
      if (!w) workers.set(name, (w = new FunctionWorker(name, o)));
      return w.invoke(event, requestId);
    },
    stop: async () => { await Promise.all([...workers.values()].map((w) => w.stop())); },
  };
}

/** Every handler in this process, with the union of the functions' environments (benchmark only). */
function inProcessHost(o: FunctionsHostOptions): FunctionsHost {
  for (const name of Object.keys(FUNCTIONS) as FunctionName[]) Object.assign(process.env, functionEnvironment(name, o));
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  const handlers = new Map<FunctionName, Promise<(e: unknown, c: unknown) => Promise<unknown>>>();
  let outboundRegistered: Promise<void> | undefined;
  return {
    invoke: async (name, event, requestId = randomUUID()) => {
      outboundRegistered ??= import('../../lambdas/platform/aws/ses.ts').then((m) => m.registerLocalSend(o.outbound));
      await outboundRegistered;
      let h = handlers.get(name);
      if (!h) handlers.set(name, (h = import(entryOf(name)).then((m: { handler: (e: unknown, c: unknown) => Promise<unknown> }) => m.handler)));
      return (await h)(event, lambdaContext(name, { requestId, deadline: Date.now() + FUNCTIONS[name].timeoutSeconds * 1000, memoryMb: FUNCTIONS[name].memoryMb }));
    },
    stop: async () => undefined,
  };
}
