/**
 * A value built on its first use and kept. The contract's schemas are written as these, so that a
 * function's cold start builds none of them: each is built when a request first needs it, and the
 * answers' schemas (which only the OpenAPI document and the tests read) never in a function.
 */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

/** The type a lazy value builds: `Built<typeof user>` is the schema `user()` answers. */
export type Built<L> = L extends () => infer T ? T : never;
