/**
 * The options of the quick entry's project type-ahead (pure): the projects whose name holds what is
 * typed (ignoring case and accents' composition), the recently used first in the order of use, then
 * the others by name. The chosen project's own name typed in full shows every project.
 */
export interface ProjectOption {
  _id: string;
  name: string;
  recent: boolean;
}

const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

export function projectOptions(
  projects: readonly { _id: string; name: string }[],
  recentIds: readonly string[],
  text: string,
  chosenName?: string,
): ProjectOption[] {
  const needle = fold(text.trim());
  const all = needle === '' || (chosenName !== undefined && fold(chosenName) === needle);
  const matching = all ? projects : projects.filter((p) => fold(p.name).includes(needle));
  const rank = new Map(recentIds.map((id, i) => [id, i]));
  const recent = matching
    .filter((p) => rank.has(p._id))
    .sort((a, b) => (rank.get(a._id) ?? 0) - (rank.get(b._id) ?? 0));
  const others = matching
    .filter((p) => !rank.has(p._id))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return [
    ...recent.map((p) => ({ _id: p._id, name: p.name, recent: true })),
    ...others.map((p) => ({ _id: p._id, name: p.name, recent: false })),
  ];
}

/** The project whose name is exactly the text typed (ignoring case), if any. */
export function projectNamed(projects: readonly { _id: string; name: string }[], text: string) {
  const needle = fold(text.trim());
  return needle ? projects.find((p) => fold(p.name) === needle) : undefined;
}
