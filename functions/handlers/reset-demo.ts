import { resetDemo } from '../domain/account/demo';
import { logged } from '../lib/logger';

/** Scheduled job (EventBridge hourly on AWS; at start and hourly locally): wipes and re-seeds the demo account. */
async function apply(): Promise<{ userId: string }> {
  return resetDemo();
}

export const handler = logged(apply);
