/** DOM building for the embed: elements made with attributes and `textContent`, never markup. */
const SVG_NS = 'http://www.w3.org/2000/svg';

type Child = Node | string | null | undefined | false;

/** Creates an SVG element with attributes and children. */
export function svgEl(
  doc: Document,
  tag: string,
  attrs: Record<string, string | number> = {},
  ...children: Child[]
) {
  const el = doc.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  el.append(...(children.filter(Boolean) as (Node | string)[]));
  return el;
}

/** Creates an HTML element with a class, attributes and children. */
export function htmlEl<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.append(...(children.filter(Boolean) as (Node | string)[]));
  return el;
}
