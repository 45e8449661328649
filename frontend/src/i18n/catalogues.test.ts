/**
 * The message catalogues of the app, the embed and the emails: the same keys in every language,
 * the same placeholders and tags in each translation, no empty message, and no key the code does
 * not use (a key the code uses but a catalogue lacks fails the typecheck for the app, and this test
 * for the embed and the emails).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { API_ERROR_CODES, API_ERRORS, API_FIELDS } from '@contract/error-codes';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const load = (dir: string, language: string) =>
  flatten(JSON.parse(readFileSync(join(ROOT, dir, `${language}.json`), 'utf8')) as Catalogue);

/** Source files of a folder (tests and catalogues excluded), by path. */
function sourceFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'locales' && name !== 'node_modules' && name !== 'dist') walk(full);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        out.set(full, readFileSync(full, 'utf8'));
    }
  };
  walk(join(ROOT, dir));
  return out;
}

/**
 * The keys the app's code makes with `catalogueWords(prefix, values)` rather than writes out: each
 * module that calls it is loaded, and the helper lists every key it made.
 */
async function madeWordKeys(files: Map<string, string>): Promise<Set<string>> {
  for (const [path, text] of files) if (/\bcatalogueWords\(/.test(text)) await import(path);
  return (await import('./catalogue-words')).madeKeys;
}

const markers = (message: string) => [...message.matchAll(/\{\{\w+\}\}|<\/?\w+>/g)].map((m) => m[0]).sort();

const FAMILIES = [
  { name: 'app', dir: 'frontend/src/i18n/locales', code: 'frontend/src' },
  { name: 'embed', dir: 'embed/src/locales', code: 'embed/src' },
  { name: 'emails', dir: 'functions/domain/shared/locales', code: 'functions/domain' },
] as const;

describe.each(FAMILIES)('the $name catalogues', ({ dir, code, name }) => {
  const en = load(dir, 'en');
  const de = load(dir, 'de');

  it('have the same keys in English and German', () => {
    expect(
      [...de.keys()].filter((k) => !en.has(k)),
      'only in German',
    ).toEqual([]);
    expect(
      [...en.keys()].filter((k) => !de.has(k)),
      'only in English',
    ).toEqual([]);
  });

  it('keep every placeholder and tag in the translation, and no message is empty', () => {
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(de.get(key)?.trim(), key).not.toBe('');
      expect(markers(de.get(key) ?? ''), key).toEqual(markers(text));
    }
  });

  it('address the reader in German one way only: formally (Sie), never with du', () => {
    const informal =
      /\b(du|dich|dir|dein\w*|Du|Dich|Dir|Dein\w*)\b|\b(gib|drücke|wähle|wählst|tippe|ziehe|lege|starte|arbeitest)\b/;
    const mixed = [...de].filter(([, text]) => informal.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(mixed).toEqual([]);
  });

  it('hold no key the code does not use', async () => {
    const files = sourceFiles(code);
    const source = [...files.values()].join('\n');
    const made = name === 'app' ? await madeWordKeys(files) : new Set<string>();
    const unused = [...en.keys()].filter((key) => {
      if (made.has(key)) return false;
      // The API's errors and fields: used when the server has that code or field (checked below).
      if (name === 'app' && key.startsWith('apiErrors.')) return !(key.slice(10) in API_ERRORS);
      if (name === 'app' && key.startsWith('apiFields.')) return !(key.slice(10) in API_FIELDS);
      // The embed reads its messages as properties (`m.noData`, `m.titles[type]`).
      if (name === 'embed') {
        const [first, second] = key.split('.');
        return second
          ? !source.includes(`'${second}'`) && !source.includes(`${second}:`)
          : !source.includes(`.${first}`);
      }
      // A plural (`minutes_one`, `minutes_other`) is used as its base key with a count.
      return !source.includes(`'${key.replace(/_(zero|one|two|few|many|other)$/, '')}'`);
    });
    expect(unused).toEqual([]);
  });
});

describe('the app catalogues of the words made from a prefix (catalogueWords)', () => {
  it('hold every key the code makes from a prefix and its values', async () => {
    const en = load('frontend/src/i18n/locales', 'en');
    const made = await madeWordKeys(sourceFiles('frontend/src'));
    // The report's presets, the tax basis as a choice (prefix, value and suffix), the categories.
    for (const key of [
      'reports.presets.thisWeek',
      'tax.basis.cashChoice',
      'expenseCategory.subcontractors',
    ]) {
      expect(made).toContain(key);
    }
    expect([...made].filter((key) => !en.has(key))).toEqual([]);
  });
});

describe('the app catalogues of the API errors', () => {
  const en = load('frontend/src/i18n/locales', 'en');

  it('hold every error code the functions can answer, and every field their messages name', () => {
    // Both lists come from contract/error-codes.ts, which every error the functions raise is
    // built from: a new code there fails here until both catalogues have it.
    expect(API_ERROR_CODES.filter((c) => !en.has(`apiErrors.${c}`))).toEqual([]);
    expect(Object.keys(API_FIELDS).filter((f) => !en.has(`apiFields.${f}`))).toEqual([]);
  });

  it('say in English exactly what the server says', () => {
    for (const c of API_ERROR_CODES) expect(en.get(`apiErrors.${c}`), c).toBe(API_ERRORS[c]);
    for (const [f, label] of Object.entries(API_FIELDS)) expect(en.get(`apiFields.${f}`), f).toBe(label);
  });
});

describe('the email code', () => {
  it('asks only for messages the email catalogues hold', () => {
    const en = load('functions/domain/shared/locales', 'en');
    const source = readFileSync(join(ROOT, 'functions/domain/shared/email.ts'), 'utf8');
    // Keys are asked for by name (`m('greeting')`) or listed per email (`subject: 'confirm.subject'`).
    const asked = [
      ...[...source.matchAll(/\bm(?:essage\(language,)?\(?\s*'([\w.]+)'/g)].map((m) => m[1]),
      ...[...source.matchAll(/'([A-Za-z]+\.[A-Za-z.]+)'/g)].map((m) => m[1]),
    ];
    expect(asked.length).toBeGreaterThan(5);
    expect(asked.filter((key) => !en.has(key ?? ''))).toEqual([]);
  });
});
