import { ConditionalCheckFailedException, ddb, GetCommand, TABLE, UpdateCommand } from '../core/client';
import { twoFactorKey, userKey } from '../core/keys';
import { transact } from '../core/transact';

/**
 * Two-factor sign-in (CONTRACT §8), one item in the user's partition (so account deletion
 * removes it), beside the profile's `twoFactor` flag that `GET /api/auth` answers:
 *   PK=USER#<userId> SK=TWOFACTOR
 *     pendingSecret   a secret handed out by `POST /api/users/2fa`, not yet confirmed
 *     secret          the confirmed secret (base32); present exactly while 2FA is on
 *     lastStep        the last TOTP step accepted: a code of that step or earlier is refused
 *     recoveryHashes  string set of the unused recovery codes' SHA-256 (hex); one goes when used
 * Every use of a code is a conditional write, so two requests with the same code cannot both pass.
 */

export interface TwoFactorRecord {
  pendingSecret: string | undefined;
  secret: string | undefined;
  lastStep: number;
  recoveryCodesLeft: number;
}

const LIVE_USER = 'attribute_exists(PK) AND attribute_not_exists(deletedAt)';

/** Access pattern: the user's 2FA state (strongly consistent: it decides a sign-in). */
export async function getTwoFactor(userId: string): Promise<TwoFactorRecord | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: twoFactorKey(userId), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const hashes = out.Item.recoveryHashes as Set<string> | undefined;
  return {
    pendingSecret: out.Item.pendingSecret as string | undefined,
    secret: out.Item.secret as string | undefined,
    lastStep: Number(out.Item.lastStep ?? -1),
    recoveryCodesLeft: hashes?.size ?? 0,
  };
}

/** Keeps a new secret to be confirmed (replacing an earlier unconfirmed one); `false` when 2FA is already on. */
export async function setPendingSecret(userId: string, secret: string, now: string): Promise<boolean> {
  return conditional(
    new UpdateCommand({
      TableName: TABLE,
      Key: twoFactorKey(userId),
      UpdateExpression: 'SET pendingSecret = :secret, pendingAt = :now',
      ConditionExpression: 'attribute_not_exists(secret)',
      ExpressionAttributeValues: { ':secret': secret, ':now': now },
    }),
  );
}

/**
 * Turns 2FA on with the pending secret, the step its confirming code used and the recovery code
 * hashes, and sets the profile's flag — both or neither, and only while `pendingSecret` is still
 * the one checked and the account is live. `false` when either condition failed.
 */
export async function enableTwoFactor(
  userId: string,
  secret: string,
  step: number,
  recoveryHashes: string[],
): Promise<boolean> {
  const result = await transact([
    {
      op: {
        Update: {
          TableName: TABLE,
          Key: twoFactorKey(userId),
          UpdateExpression:
            'SET secret = :secret, lastStep = :step, recoveryHashes = :hashes REMOVE pendingSecret, pendingAt',
          ConditionExpression: 'pendingSecret = :secret AND attribute_not_exists(secret)',
          ExpressionAttributeValues: { ':secret': secret, ':step': step, ':hashes': new Set(recoveryHashes) },
        },
      },
    },
    { op: profileFlag(userId, true) },
  ]);
  return result.ok;
}

/** Turns 2FA off: the item goes and the profile's flag is cleared, both or neither; `false` when it was off. */
export async function disableTwoFactor(userId: string): Promise<boolean> {
  const result = await transact([
    {
      op: {
        Delete: {
          TableName: TABLE,
          Key: twoFactorKey(userId),
          ConditionExpression: 'attribute_exists(secret)',
        },
      },
    },
    { op: profileFlag(userId, false) },
  ]);
  return result.ok;
}

/** The profile's flag; turning 2FA on also raises `tokenVersion`: sessions from before it end. */
const profileFlag = (userId: string, on: boolean) => ({
  Update: {
    TableName: TABLE,
    Key: userKey(userId),
    UpdateExpression: on ? 'SET twoFactor = :on ADD tokenVersion :one' : 'SET twoFactor = :on',
    ConditionExpression: LIVE_USER,
    ExpressionAttributeValues: on ? { ':on': on, ':one': 1 } : { ':on': on },
  },
});

/** Spends a TOTP step: only if 2FA is on and no later-or-equal step was used. `false` = replay (or off). */
export async function spendStep(userId: string, step: number): Promise<boolean> {
  return conditional(
    new UpdateCommand({
      TableName: TABLE,
      Key: twoFactorKey(userId),
      UpdateExpression: 'SET lastStep = :step',
      ConditionExpression: 'attribute_exists(secret) AND lastStep < :step',
      ExpressionAttributeValues: { ':step': step },
    }),
  );
}

/** Spends a recovery code by its hash: only if it is still in the set. `false` = unknown or used. */
export async function spendRecoveryCode(userId: string, hash: string): Promise<boolean> {
  return conditional(
    new UpdateCommand({
      TableName: TABLE,
      Key: twoFactorKey(userId),
      UpdateExpression: 'DELETE recoveryHashes :one',
      ConditionExpression: 'attribute_exists(secret) AND contains(recoveryHashes, :hash)',
      ExpressionAttributeValues: { ':one': new Set([hash]), ':hash': hash },
    }),
  );
}

/** Sends a conditional write; `false` when its condition failed. */
async function conditional(command: InstanceType<typeof UpdateCommand>): Promise<boolean> {
  try {
    await ddb.send(command);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
