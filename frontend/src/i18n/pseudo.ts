/**
 * The pseudo-locale of the tests: every message of the English catalogue with its letters turned
 * into their full-width forms (`Ｓａｖｅ`) and wrapped in ⟦…⟧, its `{{placeholders}}` and `<tags>`
 * left intact. Any plain ASCII word on a screen rendered in it did not come from a catalogue.
 */
const FULL_WIDTH_OFFSET = 0xfee0;

function pseudoMessage(message: string): string {
  // Placeholders and tags stay as they are; only the words between them change.
  const parts = message.split(/(\{\{[^}]+\}\}|<\/?\w+>)/);
  const body = parts.map((part, i) =>
    i % 2 === 1
      ? part
      : part.replace(/[a-zA-Z]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + FULL_WIDTH_OFFSET)),
  );
  return `⟦${body.join('')}⟧`;
}

type Catalogue = { [key: string]: string | Catalogue };

export function pseudoCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoMessage(value) : pseudoCatalogue(value),
    ]),
  );
}
