import type { ExportFiles } from '@contract/receipt-responses';
import { client } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { ZipWriter } from '@/lib/zip';
import { exportFileName, userDataJson } from './export-user-data';

/** Pages of files followed at most (1,000 receipts a page). */
const MAX_PAGES = 200;
/** Files fetched from S3 at once. */
const PARALLEL = 4;

/** Every page of `GET /api/exportuserdata/files`: the export's files as presigned GETs. */
async function exportFiles(): Promise<ExportFiles['files']> {
  const files: ExportFiles['files'] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const res: Response = await client.response('exportUserFiles', { query: cursor ? { cursor } : {} });
    files.push(...((await res.json()) as ExportFiles).files);
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) break;
  }
  return files;
}

/**
 * The account export with its files, as one zip the browser writes: `data.json` (the JSON export)
 * and every receipt and issued invoice document, fetched straight from S3 through the presigned
 * GETs the API lists (4 at a time), stored in the zip under `receipts/…` and `invoices/<number>/…`.
 * `progress` hears how many files are in and how many there are.
 */
export async function downloadUserDataWithFiles(
  userName: string,
  progress: (done: number, total: number) => void = () => {},
): Promise<void> {
  const [json, files] = await Promise.all([userDataJson(), exportFiles()]);
  const zip = new ZipWriter();
  await zip.add('data.json', new Blob([json], { type: 'application/json' }));
  let next = 0;
  let done = 0;
  const fetched = new Map<number, Blob>();
  let written = 0;
  // Fetch ahead in parallel, write in order (a zip is one stream of files).
  const writeReady = async () => {
    while (fetched.has(written)) {
      const blob = fetched.get(written)!;
      fetched.delete(written);
      await zip.add(files[written]!.path, blob);
      written++;
    }
  };
  const worker = async () => {
    for (;;) {
      const index = next++;
      const file = files[index];
      if (!file) return;
      const answer = await fetch(file.url);
      if (!answer.ok) throw new Error(`${file.path}: ${answer.status}`);
      fetched.set(index, await answer.blob());
      progress(++done, files.length);
      await writeReady();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await writeReady();
  saveBlob(zip.finish(), exportFileName(userName).replace(/\.json$/, '.zip'));
}
