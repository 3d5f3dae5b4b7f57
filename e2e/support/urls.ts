export const E2E_PORT = Number(process.env.E2E_PORT ?? 3111);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_INBOX_URL = `http://127.0.0.1:${E2E_PORT + 1}`;

/** The admin the e2e server bootstraps (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@e2e.trustlinks.test', password: 'e2e-admin-password' };
