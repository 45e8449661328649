import { resetDemo } from '../domain/account/demo';
import { removeAccountFiles } from '../domain/identity/account-files';
import { budgetOf } from '../lib/budget';
import { logged } from '../lib/logger';

/**
 * Scheduled job (EventBridge hourly on AWS; at start and hourly locally): wipes and re-seeds the
 * demo account, and removes the receipt files a visitor uploaded to it (their records went with
 * the wipe).
 */
async function apply(): Promise<{ userId: string }> {
  const reset = await resetDemo();
  await removeAccountFiles(reset.userId, budgetOf(60_000));
  return reset;
}

export const handler = logged(apply);
