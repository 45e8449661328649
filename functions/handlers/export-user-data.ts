import { exportFileName, exportUserData } from '../domain/accounts';
import { respond, route } from '../lib/http';

/** GET /api/exportuserdata → {user, projects, timeActivities, financeActivities, exportedAt} as a download. */
export const handler = route({ auth: true }, async ({ user }) => {
  const data = await exportUserData(user);
  return respond(200, data, {
    'content-disposition': `attachment; filename="${exportFileName(data.user.name, new Date(data.exportedAt))}"`,
  });
});
