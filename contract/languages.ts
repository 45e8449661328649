/**
 * The languages of the app, the embed and the emails; the user setting `language` is one of these.
 * Apart from the other closed lists (`enums.ts`, which names these too), so the SPA's first screen
 * picks its language for the price of these two strings alone.
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
