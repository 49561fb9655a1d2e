import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The shared public corpora live beside the checkout (../shared/corpora), in CI as here.
 * Tests that need them fail loudly when they are missing rather than passing on nothing.
 */
export function corporaDir(): string {
  const dir = process.env.MAILROOM_CORPORA ?? resolve(import.meta.dirname, '../../shared/corpora');
  if (!existsSync(dir)) throw new Error(`The shared corpora are missing at ${dir}; set MAILROOM_CORPORA to their folder.`);
  return dir;
}
