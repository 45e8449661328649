// A copy of functions/domain/invoices/pdf/font-files.ts (the e-invoice module imports nothing from the domain
// while the domain moves into area folders); one of the two goes once the move has landed.
/**
 * The font files of the invoice PDF, as package paths (npm registry, SIL Open Font License). The
 * stack copies them beside the PDF function's bundle (`fonts/<file>`); `./fonts.ts` reads them.
 * No imports: the CDK app reads this list without loading the PDF code.
 */
export const FONT_PACKAGES = {
  sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  jp: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  sc: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
} as const;

/** Where a function's bundle keeps the fonts, beside its `index.mjs`. */
export const FONTS_DIR = 'fonts';
