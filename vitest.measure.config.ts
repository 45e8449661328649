import { defineConfig, mergeConfig } from 'vitest/config';
import e2e from './vitest.e2e.config';

/**
 * Browser measurements that need a quiet machine (`npm run measure:dashboard`): the same local
 * stack and Chromium as the browser suite, kept out of it because a loaded CI machine makes a
 * main-thread time limit fail for reasons that are not the app's (bench/README.md).
 */
export default mergeConfig(e2e, defineConfig({ test: { include: ['e2e/**/*.measure.ts'] } }));
