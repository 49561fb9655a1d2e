import { defineConfig } from 'vitest/config';

/** E2E files that load the stack for minutes (they seed thousands of items). */
const SCALE_FILES = ['test/e2e/paging.test.ts'];

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
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Synthesis bundles every handler; one file at a time keeps 2 cores responsive.
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
