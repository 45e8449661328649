import { useEffect } from 'react';
import { browserLanguage, changeLanguage, LANGUAGE_KEY, rememberedLanguage } from '../i18n';
import { useAuth } from '../lib/auth';

/**
 * Keeps the app's language on the user's setting: the chosen `language` once signed in, the
 * browser's before the first choice. The language in use is remembered in the browser, so the
 * next visit's first frame is drawn in it before GET /api/auth answers, and the signed-out pages
 * (the login page after a logout) keep it (issue 34, item 11) rather than going back to the
 * browser's.
 */
export function LanguageSync() {
  const { user, loading } = useAuth();
  const chosen = user?.language ?? null;
  const signedIn = user !== null;

  useEffect(() => {
    // While a stored session loads, the first frame's language stands.
    if (loading) return;
    const language = chosen ?? (signedIn ? browserLanguage() : rememberedLanguage());
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Without storage the next visit starts in the browser's language.
    }
    void changeLanguage(language);
  }, [chosen, signedIn, loading]);

  return null;
}
