/** Projects sorted by name the way a person reads them (case-insensitive, numbers in order). */
export function sortByName<T extends { name: string }>(projects: readonly T[]): T[] {
  return [...projects].sort((a, b) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }),
  );
}

/** The project whose name equals `name` ignoring case and surrounding spaces, if any. */
export function findByName<T extends { name: string }>(projects: readonly T[], name: string): T | undefined {
  const wanted = name.trim().toLocaleLowerCase();
  return projects.find((p) => p.name.trim().toLocaleLowerCase() === wanted);
}
