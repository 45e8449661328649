/**
 * The options of the quick entry's project type-ahead (pure): the projects whose name, or whose
 * client's name, holds what is typed (ignoring case and accents' composition), the recently used
 * first in the order of use, then the others by name. The chosen project's own name typed in full
 * shows every project.
 */
export interface ProjectOption {
  _id: string;
  name: string;
  recent: boolean;
  /** The project's client's name, when it has one. */
  client?: string;
}

/** A project as the type-ahead reads it. */
export interface ProjectRef {
  _id: string;
  name: string;
  clientId?: string | null;
}

const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

export function projectOptions(
  projects: readonly ProjectRef[],
  recentIds: readonly string[],
  text: string,
  chosenName?: string,
  clients: readonly { _id: string; name: string }[] = [],
): ProjectOption[] {
  const clientOf = (p: ProjectRef) => clients.find((c) => c._id === p.clientId)?.name;
  const needle = fold(text.trim());
  const all = needle === '' || (chosenName !== undefined && fold(chosenName) === needle);
  const holds = (p: ProjectRef) => fold(p.name).includes(needle) || fold(clientOf(p) ?? '').includes(needle);
  const matching = all ? projects : projects.filter(holds);
  const rank = new Map(recentIds.map((id, i) => [id, i]));
  const recent = matching
    .filter((p) => rank.has(p._id))
    .sort((a, b) => (rank.get(a._id) ?? 0) - (rank.get(b._id) ?? 0));
  const others = matching
    .filter((p) => !rank.has(p._id))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  const option = (p: ProjectRef, isRecent: boolean): ProjectOption => {
    const client = clientOf(p);
    return { _id: p._id, name: p.name, recent: isRecent, ...(client ? { client } : {}) };
  };
  return [...recent.map((p) => option(p, true)), ...others.map((p) => option(p, false))];
}

/** The project whose name is exactly the text typed (ignoring case), if any. */
export function projectNamed(projects: readonly { _id: string; name: string }[], text: string) {
  const needle = fold(text.trim());
  return needle ? projects.find((p) => fold(p.name) === needle) : undefined;
}
