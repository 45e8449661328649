/**
 * One `<option>` per value of a set of choices, the value as it is stored and `name` its words
 * (`<ValueOptions values={PRESETS} name={(p) => t(PRESET_WORDS[p])} />`), for a `<select>` that
 * may write its own first options above these.
 */
export function ValueOptions<V extends string | number>({
  values,
  name,
}: {
  values: readonly V[];
  name: (value: V) => string | number;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {name(value)}
    </option>
  ));
}
