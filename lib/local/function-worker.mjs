// Entry of a local function's worker thread. Node does not run a worker's entry through the
// parent's module hooks, so register tsx here, then load the runtime (TypeScript).
import { register } from 'tsx/esm/api';

register();
await import(new URL('./function-runtime.ts', import.meta.url).href);
