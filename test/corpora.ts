import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The public corpora the tests read, copied into the repository (test/fixtures/corpora, with
 * each file's upstream source and licence in its manifest.json and README.md), so a clone of the
 * repository alone passes its tests. MAILROOM_CORPORA points at another copy.
 */
export function corporaDir(): string {
  const dir = process.env.MAILROOM_CORPORA ?? resolve(import.meta.dirname, 'fixtures/corpora');
  if (!existsSync(dir)) throw new Error(`The corpora are missing at ${dir}; set MAILROOM_CORPORA to their folder.`);
  return dir;
}
