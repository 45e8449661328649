/**
 * The sets of reads that writes make stale, named once for the `invalidates` of the endpoint
 * objects in `contract/endpoints/` (issue 33): a client that keeps answers (the app's cache) asks
 * again for these after the write. Only names: the SPA bundle carries them, never a schema.
 * Downloads (CSV, PDF, XML files, the data export) are left out: they are fetched afresh each time.
 */

/**
 * Figures computed from the entries of every project: the projects' totals, the task suggestions,
 * every chart and grid (the embedded ones too), the tags, the report and the tax report.
 */
export const ENTRY_FIGURES = [
  'listProjects',
  'getProjectTaskList',
  'getProjectFinanceTaskList',
  'getTimeTrackedChart',
  'getProfitLossChart',
  'getProfitLossPerHourChart',
  'getTimePerTaskChart',
  'getTimePerProjectChart',
  'getTotalTimeTrackedChart',
  'getTimePerTaskGrid',
  'getTimePerSubtaskGrid',
  'getEmbeddedChart',
  'getTags',
  'getReport',
  // Income, expenses and paid invoices are the tax period's figures.
  'getTaxReport',
] as const;

/** A time entry added, edited, moved or deleted: the figures, its project's time entries, the timesheet. */
export const TIME_ENTRY_CHANGE = [...ENTRY_FIGURES, 'listTimeActivities', 'listTimesheet'] as const;

/** An income or expense added, edited, moved or deleted: the figures and its project's money entries. */
export const MONEY_ENTRY_CHANGE = [...ENTRY_FIGURES, 'listFinanceActivities'] as const;

/** Entries of both kinds at once (a project deleted, an import): the figures and every entry list. */
export const ENTRIES_CHANGE = [
  ...ENTRY_FIGURES,
  'listTimeActivities',
  'listFinanceActivities',
  'listTimesheet',
] as const;

/** An invoice made, edited or deleted: the invoices, and the entries it bills (marks) or books (paid). */
export const INVOICE_CHANGE = [...ENTRIES_CHANGE, 'listInvoices', 'getInvoice'] as const;

/** The signed-in user (`GET /api/auth`): a session begun or ended, or the account itself changed. */
export const CURRENT_USER = ['getCurrentUser'] as const;
