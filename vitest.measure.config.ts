import { defineConfig } from 'vitest/config';
import e2e from './vitest.e2e.config';

/**
 * Browser measurements that need a quiet machine (`npm run measure:dashboard`): the same local
 * stack and Chromium as the browser suite, kept out of it because a loaded CI machine makes a
 * main-thread time limit fail for reasons that are not the app's (bench/README.md). The browser
 * suite's settings with its files replaced, not merged: `mergeConfig` joins lists, which ran the
 * whole browser suite before the measurement.
 */
export default defineConfig({
  ...e2e,
  test: { ...e2e.test, name: 'measure', include: ['e2e/**/*.measure.ts'] },
});
