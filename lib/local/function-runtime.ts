/**
 * Inside one local function's worker thread: the stand-in for a Lambda execution environment.
 * The thread was started with exactly the environment of the function's CDK definition, so the
 * handler's modules read their configuration at import as they would in Lambda — a variable its
 * definition lacks fails here too (Runtime.ImportModuleError), on every invocation until fixed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import type { SentMail } from '../../lambdas/platform/aws/ses.ts';
import { lambdaContext } from './lambda-context.ts';
import type { FromHost, FunctionWorkerData, ToHost } from './functions-host.ts';

const data = workerData as FunctionWorkerData;
const port = parentPort!;
type Handler = (event: unknown, context: Context) => Promise<unknown>;

const post = (m: ToHost) => port.postMessage(m);
const serializeError = (e: unknown) => e instanceof Error
  ? { name: e.name, message: e.message, stack: e.stack }
  : { name: 'Error', message: String(e) };

// SES's outbound side is played by the host (SMTP to the receiving stand-in, simulator events);
// the function's SendEmail calls reach it through this bridge.
let nextCall = 0;
const pendingCalls = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
async function sendThroughHost(mail: SentMail): Promise<void> {
  const id = ++nextCall;
  await new Promise<void>((resolve, reject) => {
    pendingCalls.set(id, { resolve, reject });
    post({ type: 'outbound', id, mail: { ...mail, raw: new Uint8Array(mail.raw) } });
  });
}

let loaded: Promise<Handler> | undefined;
function load(): Promise<Handler> {
  loaded ??= (async () => {
    if (data.sesSend) {
      const ses = await import('../../lambdas/platform/aws/ses.ts');
      ses.registerLocalSend(sendThroughHost);
    }
    const mod = await import(data.entry) as { handler?: Handler };
    if (typeof mod.handler !== 'function') throw new Error(`${data.entry} exports no function named handler`);
    return mod.handler;
  })();
  return loaded;
}

port.on('message', (m: FromHost) => {
  if (m.type === 'outbound-done') {
    const call = pendingCalls.get(m.id);
    pendingCalls.delete(m.id);
    if (m.error) call?.reject(Object.assign(new Error(m.error.message), { name: m.error.name }));
    else call?.resolve();
    return;
  }
  void (async () => {
    let handler: Handler;
    try {
      handler = await load();
    } catch (e) {
      // Like Lambda: the init error answers this invocation; the host starts a fresh environment next time.
      post({ type: 'result', id: m.id, initError: true, error: serializeError(e) });
      return;
    }
    try {
      const result = await handler(m.event, lambdaContext(data.functionName, { requestId: m.requestId, deadline: m.deadline, memoryMb: data.memoryMb }));
      post({ type: 'result', id: m.id, result });
    } catch (e) {
      post({ type: 'result', id: m.id, error: serializeError(e) });
    }
  })();
});
