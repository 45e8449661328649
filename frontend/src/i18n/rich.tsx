import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A message with marked parts, e.g. `"Read the <terms>terms</terms>."`, rendered with each
 * `<name>…</name>` replaced by `parts[name](text)` (a link, bold text): translators keep the
 * sentence whole and choose where the link sits.
 */
export function rich(message: string, parts: Record<string, (text: string) => ReactNode>): ReactNode {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    const [whole, name = '', text = ''] = match;
    if (match.index > last) out.push(message.slice(last, match.index));
    const render = parts[name];
    out.push(<Fragment key={match.index}>{render ? render(text) : text}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < message.length) out.push(message.slice(last));
  return out;
}

/** For `rich`: words only screen readers hear ("Delete<h> Website</h>"). */
export const hidden = (text: string): ReactNode => <span className="visually-hidden">{text}</span>;
