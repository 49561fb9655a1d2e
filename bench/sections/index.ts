/**
 * The benchmark sections, in the order `npm run bench` runs them. To add one (ingest per
 * message, webhook delivery throughput, send→arrive latency, …): write sections/<name>.ts
 * exporting a Section whose run(ctx) returns { columns, rows, notes? }, and list it here.
 * Sections that need AWS call ctx.stack(): the local stack is started once and shared.
 */
import type { Section } from '../lib/types.ts';
import { authHeadersSection } from './auth-headers.ts';
import { bundlesSection } from './bundles.ts';
import { burstSection } from './burst.ts';
import { contentSection } from './content.ts';
import { safetySection } from './safety.ts';
import { dynamoSection } from './dynamo.ts';
import { ingestSection, sendSection, webhooksSection } from './mail.ts';
import { streamSection } from './stream.ts';
import { scaleSection } from './scale.ts';
import { waitSection } from './wait.ts';

export const SECTIONS: readonly Section[] = [
  // First, while nothing else runs: cold-import timings are the most sensitive to load.
  bundlesSection,
  dynamoSection,
  contentSection,
  safetySection,
  ingestSection,
  webhooksSection,
  sendSection,
  waitSection,
  burstSection,
  authHeadersSection,
  streamSection,
  scaleSection,
];
