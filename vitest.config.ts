import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'api',
          environment: 'node',
          include: [
            'contract/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['frontend/**/*.test.tsx', 'frontend/**/*.test.ts', 'embed/**/*.test.ts'],
          setupFiles: ['frontend/src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
