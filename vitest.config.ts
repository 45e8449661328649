import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Node 20 here, Node 22 on Lambda: the SDK's reminder about Node 20 is noise in every test log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** The SPA's import aliases, as tsconfig.json declares them (esbuild and tsx read them from there). */
const resolve = {
  alias: {
    '@/': fileURLToPath(new URL('./frontend/src/', import.meta.url)),
    '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
    '@embed/': fileURLToPath(new URL('./embed/src/', import.meta.url)),
  },
};

/**
 * Files that time sign-ins, fill the hash slots, hold sockets open to their timeouts, start the
 * real `npm start` or send 6 MB bodies measure the machine; the files that read a table's stream
 * met DynamoDB Local's `TrimmedDataAccessException` when another file's stream was read at the same
 * moment. They run one at a time, after the rest (`sequence.groupOrder`), never beside other files.
 */
const ALONE = [
  'functions/data/tracking/bulk.test.ts',
  'test/billing/report-weeks.test.ts',
  'test/billing/reports.test.ts',
  'test/budgets/alerts.test.ts',
  'test/costs/write-costs.test.ts',
  'test/security/login-load.test.ts',
  'test/accounts/rate-limits.test.ts',
  'test/accounts/signup-login.test.ts',
  'test/input/fuzz.test.ts',
  'infra/local/server-timeouts.test.ts',
  'infra/local/start.test.ts',
];

/**
 * A developer's run (`npm test`) runs two test files at a time: Vitest's default on two cores is
 * one (cores − 1), but an API test spends most of its time waiting for DynamoDB Local, a process of
 * its own. CI's full run (FULL=1, `.ci/run`) keeps one at a time: its generated tests run their
 * full counts, and two such files side by side on two shared cores ran past their timeouts, and
 * a project deletion past its request's time, at load 10.
 */
const WORKERS = process.env.FULL === '1' ? 1 : 2;

/**
 * Files that set the handlers' configuration (limits, log level, a bucket) before importing them,
 * or replace a module (`vi.mock`): they need modules of their own. Every other API file runs in
 * `api`, where one worker's files share its modules (`isolate: false`): the AWS SDK and the
 * handlers load once per worker instead of once per file; each file still gets a table and buckets
 * of its own (`test/setup-env.ts` points the loaded data layer at them).
 */
const OWN_MODULES = [
  'test/logs.test.ts',
  'test/receipts/receipts.test.ts',
  'test/csv/export-pages.test.ts',
  'test/accounts/security-log.test.ts',
  'test/security/two-factor-per-account.test.ts',
  'test/security/two-factor.test.ts',
  'functions/lib/jwt.test.ts',
  'functions/lib/origin.test.ts',
  'functions/lib/logger.test.ts',
  'functions/lib/s3.test.ts',
  'infra/local/server.test.ts',
];

const apiTest = {
  environment: 'node' as const,
  // One stack for every API project of the run (see the file), none for the UI files.
  globalSetup: ['test/global-setup.ts'],
  setupFiles: ['test/setup-env.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        resolve,
        test: {
          ...apiTest,
          name: 'api',
          isolate: false,
          include: [
            'contract/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...ALONE, ...OWN_MODULES],
        },
      },
      {
        resolve,
        test: { ...apiTest, name: 'own-modules', include: OWN_MODULES },
      },
      {
        resolve,
        test: {
          ...apiTest,
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve,
        test: {
          name: 'ui',
          environment: 'jsdom',
          // One worker's files share its modules: React, the contract's schemas and the i18n load
          // once per worker (the UI files: 174 s to 61 s on two cores). Each test still starts
          // from an empty document, storage and title (`setup.ts`).
          isolate: false,
          include: ['frontend/**/*.test.tsx', 'frontend/**/*.test.ts', 'embed/**/*.test.ts'],
          setupFiles: ['frontend/src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
