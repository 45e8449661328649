import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setTestLanguage } from './i18n';

// findBy/waitFor give a slow, loaded machine (CI with two cores) 5 s instead of 1 s before they
// fail; a screen that is right answers as soon as it is, so passing tests take no longer.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(async () => {
  await setTestLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
