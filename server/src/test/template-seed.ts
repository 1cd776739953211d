/** How the tests seed a database: root and admin share this password, and the demo factory has no history. */
export const TEST_PASSWORD = 'Admin12345';
export const TEMPLATE_SEED = { seedAdminPassword: TEST_PASSWORD, databaseUrl: '', demoHistory: false };
