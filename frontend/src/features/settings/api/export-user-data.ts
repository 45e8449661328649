import { api } from '../../../lib/api';

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

/** GET /api/exportuserdata and hands it to the browser as a JSON download named after the user. */
export async function downloadUserData(userName: string): Promise<void> {
  const data = await api<unknown>('GET', '/api/exportuserdata');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(userName);
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
