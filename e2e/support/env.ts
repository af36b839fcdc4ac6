/** What scripts/test-e2e.mjs and the global setup hand to the specs through the environment. */
export function e2eEnv() {
  const baseUrl = process.env.E2E_BASE_URL;
  const mailDir = process.env.E2E_MAIL_DIR;
  const smtpPort = Number(process.env.E2E_SMTP_PORT);
  if (!baseUrl || !mailDir || !smtpPort) {
    throw new Error('Run the Playwright flows through `npm run test:e2e` (scripts/test-e2e.mjs).');
  }
  return { baseUrl, mailDir, smtpPort };
}

export function adminEnv() {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD missing');
  return { email, password };
}

export function adminToken(): string {
  const token = process.env.E2E_ADMIN_TOKEN;
  if (!token) throw new Error('E2E_ADMIN_TOKEN missing: the global setup logs the owner in');
  return token;
}
