/** Something a select offers by name and stands for by id: a project, a client. */
export interface Named {
  _id: string;
  name: string;
}

/**
 * One `<option>` per item, its id the value and its name the text, for a `<select>` that also
 * writes its own first options ("All clients", "No client") above these.
 */
export function NamedOptions({ items }: { items: readonly Named[] | undefined }) {
  return (items ?? []).map((item) => (
    <option key={item._id} value={item._id}>
      {item.name}
    </option>
  ));
}
