import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { TransactionFailed, transactWrite } from '../../data/core/transact';
import { deletePartition } from '../../data/identity/account';
import { acquireDemoLock, putDemoProfile, releaseDemoLock } from '../../data/identity/demo';
import { getUserById, getUserIdByEmail, newUserItems, type UserRecord } from '../../data/identity/users';
import { bulkSeed } from '../../data/tracking/bulk';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { unusablePasswordHash } from '../identity/passwords';
import { dayOf } from '../shared/calendar';
import { demoData } from './demo-data';

/**
 * The shared demo account: wiped and re-seeded with fresh sample data every hour (EventBridge on
 * AWS, a timer locally) and whenever a demo login finds it missing. Visitors may add data; the
 * next reset removes it.
 */
const LOCK_MS = 120_000;
const WAIT_STEP_MS = 250;

function demoProfile(userId: string, createdAt: string): UserRecord {
  return {
    _id: userId,
    name: 'Demo User',
    email: config.demoEmail,
    hasSeenTutorial: false,
    currency: 'EUR',
    numberFormat: 'en-US',
    language: null,
    weekStart: 'monday',
    premium: true,
    enableEmbedding: true,
    showPoweredBy: true,
    budgetAlerts: true,
    emailConfirmed: true,
    twoFactor: false,
    isDemo: true,
    createdAt,
    // Nobody signs in to the demo by password: a value no password can match.
    passwordHash: unusablePasswordHash(),
    tokenVersion: 0,
  };
}

/** The demo user's id, creating the profile and email guard on first use (same id ever after). */
async function ensureDemoUser(): Promise<string> {
  const existing = await getUserIdByEmail(config.demoEmail);
  if (existing) return existing;
  const userId = ulid();
  try {
    await transactWrite(newUserItems(demoProfile(userId, new Date().toISOString())));
    return userId;
  } catch (error) {
    // Another instance created it at the same moment: use theirs.
    if (!(error instanceof TransactionFailed)) throw error;
    const winner = await getUserIdByEmail(config.demoEmail);
    if (!winner) throw error;
    return winner;
  }
}

/**
 * Resets the demo account: makes sure the demo user exists (keeping its id), restores its profile
 * settings, deletes everything else in its partition (whatever a visitor added or changed), and
 * bulk-seeds a year of sample data up to today. One reset at a time across instances; a caller
 * that finds one running waits for it to finish instead of starting a second.
 */
export async function resetDemo(): Promise<{ userId: string }> {
  const userId = await ensureDemoUser();
  const holder = randomUUID();
  const started = Date.now();
  if (!(await acquireDemoLock(userId, holder, LOCK_MS))) {
    // Someone else is resetting: their result is ours as soon as they let go.
    while (!(await acquireDemoLock(userId, holder, LOCK_MS))) {
      if (Date.now() - started > LOCK_MS) throw new Error('The demo reset lock was not released');
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
    await releaseDemoLock(userId, holder);
    return { userId };
  }
  try {
    const current = await getUserById(userId);
    await putDemoProfile(demoProfile(userId, current?.createdAt ?? new Date().toISOString()));
    const deleted = await deletePartition(userId, ['profile', 'demo-lock']);
    const written = await bulkSeed(demoData(userId, dayOf(new Date())));
    logger.info('demo reset', { userId, deleted, written, ms: Date.now() - started });
    return { userId };
  } finally {
    await releaseDemoLock(userId, holder);
  }
}
