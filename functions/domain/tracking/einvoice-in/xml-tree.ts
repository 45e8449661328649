import { XMLParser } from 'fast-xml-parser';
import { EinvoiceUnreadable } from './unreadable';

/**
 * A received XML document as a tree of elements named by namespace URI and local name, whatever
 * prefixes (or default namespace) its writer chose — `rsm:`, `ram:` and `udt:` in one seller's
 * CII, `a:`, `b:` or none in another's.
 *
 * Parsed with fast-xml-parser on safe settings: a document type declaration is refused before
 * parsing (EN 16931 documents have none; with it go external entities — XXE — and entity
 * expansion — "billion laughs"), the parser expands no entity itself (`processEntities: false`),
 * and this module decodes only XML's five predefined entities and character references. Values
 * stay text (`parseTagValue: false`): `1234.50` is never a float. Nesting is bounded.
 */

export interface XmlElement {
  /** The namespace URI ('' for none). */
  ns: string;
  local: string;
  /** Attributes by local name (namespace declarations left out), entities decoded. */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded, trimmed. */
  text: string;
}

/** Deeper than any EN 16931 document (CII: about 8 levels). */
const MAX_DEPTH = 40;

const PARSER = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  maxNestedTags: MAX_DEPTH,
});

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** A character reference's character, if it names a Unicode scalar value XML allows. */
function referenced(code: number): string | undefined {
  const allowed =
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff);
  return allowed ? String.fromCodePoint(code) : undefined;
}

/** XML's predefined entities and character references decoded; anything else left as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g,
    (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name) return PREDEFINED[name] ?? whole;
      const char = referenced(dec ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16));
      return char ?? whole;
    },
  );
}

/** The declared encoding of an XML text's first bytes (ASCII-compatible encodings only). */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const match = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']/.exec(head);
  return match?.[1]?.toLowerCase();
}

/**
 * The document's text: UTF-8 (with or without its byte order mark), UTF-16 with a byte order
 * mark, or a declared ISO-8859-1 / Windows-1252. Bytes that are not text in that encoding are refused.
 */
export function xmlText(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else {
    const declared = declaredEncoding(bytes);
    if (declared && declared !== 'utf-8' && declared !== 'utf8') {
      if (!['iso-8859-1', 'latin1', 'iso-8859-15', 'windows-1252', 'cp1252'].includes(declared)) {
        throw new EinvoiceUnreadable(`the encoding ${declared} is not supported`);
      }
      encoding = declared;
    }
  }
  try {
    // The decoder drops a byte order mark itself.
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new EinvoiceUnreadable(`the bytes are not ${encoding} text`);
  }
}

type Parsed = Record<string, unknown>;

/** The namespace declarations of an element's attributes, on top of its parent's. */
function scopeOf(attrs: Record<string, string>, parent: ReadonlyMap<string, string>) {
  let scope = parent;
  for (const [name, value] of Object.entries(attrs)) {
    if (name === '@_xmlns' || name.startsWith('@_xmlns:')) {
      if (scope === parent) scope = new Map(parent);
      (scope as Map<string, string>).set(name === '@_xmlns' ? '' : name.slice(8), decodeEntities(value));
    }
  }
  return scope;
}

function splitName(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(':');
  return colon < 0 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
}

/** One element of fast-xml-parser's ordered output, with its namespace resolved. */
function element(
  node: Parsed,
  parentScope: ReadonlyMap<string, string>,
  depth: number,
): XmlElement | undefined {
  const name = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
  if (name === undefined) return undefined;
  if (depth > MAX_DEPTH) throw new EinvoiceUnreadable('the document nests too deeply');
  const rawAttrs = (node[':@'] ?? {}) as Record<string, string>;
  const scope = scopeOf(rawAttrs, parentScope);
  const [prefix, local] = splitName(name);
  const ns = scope.get(prefix);
  if (ns === undefined) throw new EinvoiceUnreadable(`the prefix ${prefix} is not declared`);
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(rawAttrs)) {
    const attrName = key.slice(2);
    if (attrName === 'xmlns' || attrName.startsWith('xmlns:')) continue;
    attrs[splitName(attrName)[1]] = decodeEntities(String(value));
  }
  const children: XmlElement[] = [];
  const texts: string[] = [];
  for (const child of (node[name] ?? []) as Parsed[]) {
    if ('#text' in child) texts.push(String(child['#text']));
    else {
      const built = element(child, scope, depth + 1);
      if (built) children.push(built);
    }
  }
  return { ns, local, attrs, children, text: decodeEntities(texts.join('')).trim() };
}

/** The root element of an XML document, or {@link EinvoiceUnreadable} when the bytes are not one. */
export function parseXml(bytes: Uint8Array): XmlElement {
  const text = xmlText(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new EinvoiceUnreadable('a document type declaration is not allowed');
  }
  let parsed: Parsed[];
  try {
    const valid = PARSER.parse(text, true) as unknown;
    parsed = Array.isArray(valid) ? (valid as Parsed[]) : [];
  } catch {
    throw new EinvoiceUnreadable('the text is not well-formed XML');
  }
  const roots = parsed
    .map((node) => element(node, new Map([['', '']]), 1))
    .filter((e): e is XmlElement => e !== undefined);
  if (roots.length !== 1 || roots[0] === undefined)
    throw new EinvoiceUnreadable('the text is not an XML document');
  return roots[0];
}

// --- reading the tree ------------------------------------------------------------------------

/** A step of a path: [namespace URI, local name]. */
export type Step = readonly [ns: string, local: string];

/** The children of `parent` with the step's name. */
export const childrenNamed = (parent: XmlElement | undefined, [ns, local]: Step): XmlElement[] =>
  parent ? parent.children.filter((c) => c.ns === ns && c.local === local) : [];

/** The first element down the path from `parent`, following the first match at each step. */
export function first(parent: XmlElement | undefined, ...path: Step[]): XmlElement | undefined {
  let current = parent;
  for (const step of path) current = childrenNamed(current, step)[0];
  return current;
}

/** Every element at the end of the path (each step may match several). */
export function all(parent: XmlElement | undefined, ...path: Step[]): XmlElement[] {
  let level: XmlElement[] = parent ? [parent] : [];
  for (const step of path) level = level.flatMap((e) => childrenNamed(e, step));
  return level;
}

/** The text at the end of the path, or undefined when it is absent or empty. */
export function textAt(parent: XmlElement | undefined, ...path: Step[]): string | undefined {
  const text = first(parent, ...path)?.text;
  return text ? text : undefined;
}
