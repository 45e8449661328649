import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setTestLanguage } from './i18n';

beforeEach(async () => {
  await setTestLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
