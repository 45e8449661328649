import { getToken } from '../../data/identity/tokens';
import { updateUserSettings } from '../../data/identity/users';
import { ValidationError } from '../../lib/errors';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Turns budget alerts off through the link in an alert email, without signing in. The link is not
 * spent: opening it again (or a mail scanner opening it first) answers the same.
 */
export async function unsubscribeFromBudgetAlerts(token: string): Promise<{ msg: string }> {
  const record = await getToken(token);
  if (record?.kind !== 'unsubscribe') {
    throw new ValidationError('UNSUBSCRIBE_LINK_INVALID', { param: 'token' });
  }
  if (record.expiresAt <= nowSeconds())
    throw new ValidationError('UNSUBSCRIBE_LINK_EXPIRED', { param: 'token' });
  if (!(await updateUserSettings(record.userId, { budgetAlerts: false }))) {
    throw new ValidationError('UNSUBSCRIBE_LINK_INVALID', { param: 'token' });
  }
  return { msg: 'Budget alerts are off' };
}
