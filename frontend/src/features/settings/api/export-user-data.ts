import { fetchPages, saveBlob } from '@/lib/download';

/** A file name made from the user's name: letters, digits and dashes only. */
export function exportFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
  return `${slug || 'timeledger'}-data.json`;
}

interface ExportPage {
  projects: unknown[];
  timeActivities: unknown[];
  financeActivities: unknown[];
  [field: string]: unknown;
}

/**
 * GET /api/exportuserdata, every page (large accounts come in pages under the API's response
 * limits; the first carries the user and projects), joined into one JSON download named after the user.
 */
export async function downloadUserData(userName: string): Promise<void> {
  saveBlob(new Blob([await userDataJson()], { type: 'application/json' }), exportFileName(userName));
}

/** Every page of GET /api/exportuserdata joined into the one export, as JSON text. */
export async function userDataJson(): Promise<string> {
  const pages = await fetchPages('exportUserData');
  const [first, ...rest] = (await Promise.all(pages.map((p) => p.json()))) as ExportPage[];
  if (!first) throw new Error('The export was empty');
  for (const page of rest) {
    first.timeActivities.push(...page.timeActivities);
    first.financeActivities.push(...page.financeActivities);
  }
  return JSON.stringify(first, null, 2);
}
