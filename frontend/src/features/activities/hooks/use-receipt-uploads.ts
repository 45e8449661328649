import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from '@/i18n';
import { canBeReceipt, ReceiptUploadError, receiptKept, uploadReceipt } from '../api/receipts';
import { revalidateAfterEntryWrite } from '../api/revalidate';

/**
 * Receipts being added to an income or expense: the files picked (a new entry keeps them until
 * its save), and their upload — the presigned PUT, then the wait for the server's check to list
 * each one. What went wrong is kept, in words, for the form to show.
 */
export function useReceiptUploads() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  /** Keeps the files that can be receipts; names the first one that cannot. */
  const pick = (picked: File[]): File[] => {
    const bad = picked.find((file) => !canBeReceipt(file));
    setProblem(bad ? t('receipts.notAReceipt', { name: bad.name }) : null);
    const good = picked.filter(canBeReceipt);
    setFiles((before) => [...before, ...good]);
    return good;
  };

  const remove = (file: File) => setFiles((before) => before.filter((f) => f !== file));

  /** Uploads `list` to the entry one by one and waits for each to be listed; answers the problems, in words. */
  async function uploadAll(projectId: string, activityId: string, list: File[] = files): Promise<string[]> {
    if (list.length === 0) return [];
    const problems: string[] = [];
    setBusy(true);
    try {
      for (const file of list) {
        try {
          const receiptId = await uploadReceipt(activityId, file);
          if (!(await receiptKept(receiptId))) {
            problems.push(t('receipts.refused', { name: file.name }));
          }
        } catch (error) {
          const type = error instanceof ReceiptUploadError && error.reason === 'type';
          problems.push(t(type ? 'receipts.notAReceipt' : 'receipts.uploadFailed', { name: file.name }));
        }
      }
      setFiles((before) => before.filter((f) => !list.includes(f)));
      await revalidateAfterEntryWrite(mutate, 'createReceipt', [projectId]);
    } finally {
      setBusy(false);
    }
    setProblem(problems[0] ?? null);
    return problems;
  }

  return { files, busy, problem, pick, remove, uploadAll };
}
