import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DARK_MODE_KEY, ThemeProvider, useTheme } from './theme';

function Probe() {
  const { darkMode, setDarkMode } = useTheme();
  return (
    <button type="button" onClick={() => setDarkMode(!darkMode)}>
      {darkMode ? 'dark' : 'light'}
    </button>
  );
}

describe('the theme', () => {
  afterEach(() => localStorage.clear());

  it('is dark until the user turns it off, on <html> and in the theme colour', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('switches at once and is remembered on this device', () => {
    const meta = document.head.appendChild(document.createElement('meta'));
    meta.name = 'theme-color';
    const { unmount } = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('light');
    expect(document.documentElement.classList.contains('light')).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(meta.content).toBe('#f5f7fb');
    expect(localStorage.getItem(DARK_MODE_KEY)).toBe('false');
    unmount();

    // A new visit starts in the remembered theme.
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('light');
    meta.remove();
  });
});
