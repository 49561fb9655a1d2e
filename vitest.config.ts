import { defineConfig } from 'vitest/config';

/** E2E files that load the stack for minutes (they seed thousands of items). */
const SCALE_FILES = ['test/e2e/paging.test.ts'];

/** Infra files that synthesize the CDK app (test/infra/synth.ts, aws-cdk-lib). */
const CDK_FILES = [
  'api-domain', 'cdk-synth', 'cfn-lint', 'config', 'fair-shares', 'first-deploy', 'limits', 'monitoring', 'nag',
  'sandbox-payments', 'sandbox-workflow', 'ses-identity-policy', 'stack', 'test-mode',
].map((f) => `test/infra/${f}.test.ts`);

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'sdk/test/*.test.ts'],
          testTimeout: 30_000,
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'infra',
          include: [...CDK_FILES],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Synthesis bundles every handler; one file at a time keeps 2 cores responsive. The files
          // share one module graph (isolate: false): aws-cdk-lib loads once, not once per file
          // (about a minute of `npm test`). They set no process-wide state they do not restore.
          fileParallelism: false,
          maxWorkers: 1,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          // AWS clients and the local emulator at the API boundary: these swap process.env and
          // build clients once per module, so each file keeps its own module graph.
          name: 'infra-aws',
          include: ['test/infra/**/*.test.ts'],
          exclude: [...CDK_FILES],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'sdk/test/e2e/*.test.ts'],
          exclude: [...SCALE_FILES],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time against the one local stack: most of an e2e test is waiting (SMTP,
          // queues, schedules, webhook retries), so the second file fills the first one's waits.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e-scale',
          include: [...SCALE_FILES],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
          // Seeding a 1,000-message inbox keeps the emulator busy for minutes: after the other e2e
          // files, so it neither slows their mail past their timeouts nor is slowed by them. Its group
          // shares two workers with the sandbox suite, whose stack has an emulator of its own (vitest
          // wants one maxWorkers per group; this project has one file, so 2 changes nothing for it).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'sandbox',
          include: ['test/sandbox/**/*.test.ts'],
          globalSetup: ['test/sandbox/target.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The integration suite through public interfaces only (npm run test:sandbox). In `npm test`
          // it drives a local stack of its own (--sandbox), beside the scale file (above).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
