import { nextTask } from './next-task';

/**
 * The chunks a lazy module needs, asked for together with it. A screen's chunk names the shared
 * chunks it imports, and the browser finds those only once the screen's chunk has arrived: one more
 * round trip before the screen can draw, on a phone a few hundred milliseconds. The build
 * (`infra/chunk-preload.ts`) writes each lazy module's chunks into index.html
 * (`<script type="application/json" id="chunk-deps">`, data that never runs) and routes every
 * `import()` of the app's code through {@link preloaded}, which asks for them all at once.
 */
interface ChunkDeps {
  /** The chunks' addresses. */
  f: string[];
  /** By lazy module (its path in the repository), the indices in `f` of the chunks it needs. */
  d: Record<string, number[]>;
}

let deps: ChunkDeps | null | undefined;
const asked = new Set<string>();

function chunkDeps(): ChunkDeps | null {
  if (deps === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById('chunk-deps')?.textContent;
    try {
      deps = text ? (JSON.parse(text) as ChunkDeps) : null;
    } catch {
      deps = null; // a page without the list (tests, the dev server) loads the chunks one level at a time
    }
  }
  return deps;
}

/** Asks for the chunks `source` needs beside `load`, the `import()` of it, and answers `load`. */
export function preloaded<T>(load: Promise<T>, source: string): Promise<T> {
  const all = chunkDeps();
  const links: HTMLLinkElement[] = [];
  for (const index of all?.d[source] ?? []) {
    const href = all?.f[index];
    if (href === undefined || asked.has(href)) continue;
    asked.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    links.push(link);
  }
  // In one insertion, in a task of its own: asking for a chunk costs the main thread a few
  // milliseconds each (on a phone, several times that), and the task that calls this one is
  // usually busy already (starting the router, drawing a screen).
  if (links.length > 0) void nextTask().then(() => document.head.append(...links));
  return load;
}

/** Forgets what was read and asked for (tests). */
export function resetPreloads(): void {
  deps = undefined;
  asked.clear();
}
