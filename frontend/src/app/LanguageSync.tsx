import { useEffect } from 'react';
import { browserLanguage, changeLanguage, LANGUAGE_KEY } from '../i18n';
import { useAuth } from '../lib/auth';

/**
 * Keeps the app's language on the user's setting: the chosen `language` once signed in, the
 * browser's before the first choice and on every signed-out page. The signed-in language is
 * remembered so the next visit's first frame is drawn in it, before GET /api/auth answers.
 */
export function LanguageSync() {
  const { user, loading } = useAuth();
  const chosen = user?.language ?? null;
  const signedIn = user !== null;

  useEffect(() => {
    // While a stored session loads, the first frame's language stands.
    if (loading) return;
    const language = chosen ?? browserLanguage();
    try {
      if (signedIn) localStorage.setItem(LANGUAGE_KEY, language);
      else localStorage.removeItem(LANGUAGE_KEY);
    } catch {
      // Without storage the next visit starts in the browser's language.
    }
    void changeLanguage(language);
  }, [chosen, signedIn, loading]);

  return null;
}
