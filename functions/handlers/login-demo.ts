import { loginDemo } from '../domain/sign-in';
import { route } from '../lib/http';

/** POST /api/auth/demo → {token} for the shared demo account (created and seeded on first use). */
export const handler = route({ handler: 'login-demo' }, async () => loginDemo());
