import '@testing-library/jest-dom/vitest';
import { addressesOf, invalidationsOf } from '@contract/client';
import { ENDPOINTS } from '@contract/endpoints';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setTestLanguage } from './i18n';

// The typed client's addresses, which the build defines (`infra/web-build.ts`) as JSON text, made
// here from the same endpoint objects before any module of the app is loaded.
(globalThis as { __API_ADDRESSES__?: unknown }).__API_ADDRESSES__ = JSON.stringify(addressesOf(ENDPOINTS));
// And the reads each write makes stale (the endpoints' `invalidates`), as the build defines them
// too: JSON text, which `lib/stale-reads.ts` reads.
(globalThis as { __API_INVALIDATES__?: unknown }).__API_INVALIDATES__ = JSON.stringify(
  invalidationsOf(ENDPOINTS),
);

// findBy/waitFor give a slow, loaded machine (CI with two cores) 5 s instead of 1 s before they
// fail; a screen that is right answers as soon as it is, so passing tests take no longer.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(async () => {
  await setTestLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Each test starts on a page without a title, as a browser's new tab does: a screen that sets
  // none must not show the last test's.
  document.title = '';
});
