import { defineConfig } from 'vitest/config';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** The browser suite: the real local stack, driven in Debian's headless Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A page re-renders in a transition; on a loaded two-core CI machine that takes longer than
    // expect.poll's default second, so polls wait up to 10 s for what a person would see.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
