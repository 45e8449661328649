import { ddb, PutCommand, TABLE } from '../core/client';
import { demoLockKey as lockKey } from '../core/keys';
import { acquireLease, releaseLease } from '../core/leases';
import { toUserItem, type UserRecord } from './users';

/**
 * The demo account's own items (the profile shape and email guard are `./users.ts`'s).
 *
 * A lease that lets one demo reset run at a time across all function instances (the hourly
 * schedule and a demo login that finds the account missing may start one together; two wipes and
 * seeds interleaved would leave duplicate data). Key: `USER#<demoUserId>` / `RESETLOCK` — inside
 * the demo's partition, so the wipe must keep it (`deletePartition(…, ['demo-lock'])`). The lease expires on
 * its own (`until`, and the TTL attribute) if its holder dies.
 */

/** Access pattern: take the reset lease for `ms` milliseconds; `false` while another holder has it. */
export const acquireDemoLock = (userId: string, holder: string, ms: number) =>
  acquireLease(lockKey(userId), holder, ms);

/** Access pattern: give the lease back (only if this holder still has it). */
export const releaseDemoLock = (userId: string, holder: string) => releaseLease(lockKey(userId), holder);

/**
 * Access pattern: overwrite the demo profile with its defaults (a visitor may have changed the
 * currency or number format). Only the demo reset calls this; real profiles change field by field.
 */
export async function putDemoProfile(user: UserRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: toUserItem(user) }));
}
