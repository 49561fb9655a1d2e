#!/usr/bin/env node
/**
 * The `mailroom` CLI in a clone of the repository: `npx mailroom …` after `npm install`, with no
 * build step. It runs the SDK's sources (sdk/src/cli) through tsx, so it is always the checkout's
 * own CLI; the published package (@mailroom/sdk) runs its compiled dist/ instead.
 */
import { tsImport } from 'tsx/esm/api';

await tsImport('../sdk/src/cli/main.ts', import.meta.url);
