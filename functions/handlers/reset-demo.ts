import { resetDemo } from '../domain/account/demo';

/** Scheduled job (EventBridge hourly on AWS; at start and hourly locally): wipes and re-seeds the demo account. */
export async function handler(): Promise<{ userId: string }> {
  return resetDemo();
}
