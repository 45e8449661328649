import type { ImportSource } from '../api/import-csv';

/** The tools a file can come from: the catalogue keys of each one's name and where its export is. */
export const TOOLS = [
  { source: 'toggl', name: 'importPage.tools.toggl', where: 'importPage.tools.togglWhere' },
  { source: 'clockify', name: 'importPage.tools.clockify', where: 'importPage.tools.clockifyWhere' },
  { source: 'harvest', name: 'importPage.tools.harvest', where: 'importPage.tools.harvestWhere' },
  { source: 'timeledger-time', name: 'importPage.tools.time', where: 'importPage.tools.timeWhere' },
  { source: 'timeledger-finance', name: 'importPage.tools.finance', where: 'importPage.tools.financeWhere' },
] as const satisfies readonly { source: ImportSource; name: string; where: string }[];
