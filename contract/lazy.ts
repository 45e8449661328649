/**
 * A value built on its first use and kept. The contract's schemas are written as these, so that a
 * function's cold start builds none of them: each is built when a request first needs it, and the
 * answers' schemas (which only the OpenAPI document and the tests read) never in a function.
 *
 * The contract marks each call of it (and of `endpoint` and the shapes of `endpoints/`) with
 * esbuild's `@__PURE__` comment: a schema or endpoint that nothing in a function reads is then
 * left out of its bundle. esbuild does not carry `@__NO_SIDE_EFFECTS__` on a declaration across
 * modules, hence the mark at each call.
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
