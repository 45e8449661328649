import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/** localStorage key of the theme choice; it belongs to the device and stays after a logout. */
export const DARK_MODE_KEY = 'darkMode';

/** The stored theme choice; dark until the user turns it off. */
export function readDarkMode(): boolean {
  try {
    // Dark mode is on until the user turns it off.
    return localStorage.getItem(DARK_MODE_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** Puts the theme on <html> so the CSS variables of styles.css switch everywhere at once. */
export function applyTheme(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#12151b' : '#f5f7fb');
}

export interface ThemeState {
  darkMode: boolean;
  /** Switches the theme at once and remembers the choice on this device. */
  setDarkMode: (on: boolean) => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

/** Holds the theme: dark until the user turns it off, kept per device (not per account). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [darkMode, setDarkModeState] = useState<boolean>(readDarkMode);

  useEffect(() => {
    applyTheme(darkMode);
  }, [darkMode]);

  const setDarkMode = useCallback((on: boolean) => {
    try {
      localStorage.setItem(DARK_MODE_KEY, String(on));
    } catch {
      // Without storage the choice lasts until the page is closed.
    }
    setDarkModeState(on);
  }, []);

  const value = useMemo(() => ({ darkMode, setDarkMode }), [darkMode, setDarkMode]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The theme; only inside <ThemeProvider>. */
export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}
