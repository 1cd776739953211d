/**
 * Once per browser run: a server seeds the demo factory into a template (a data folder, and on PostgreSQL a database
 * of the run) and stops; each test file's server then starts on a copy of it instead of migrating and seeding its own
 * (seven seconds or more a file on a busy machine, against a copy in under a second).
 */
import type { TestProject } from 'vitest/node';
import { browserAvailable, emptyTemplateData, launchServer, removeTemplate } from './server-process.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Without Chromium the suites are skipped (or fail, under REQUIRE_BROWSER=1) and start no server.
  if (!browserAvailable) {
    project.provide('e2eTemplate', '');
    return async () => undefined;
  }
  const template = await emptyTemplateData();
  try {
    const server = await launchServer({ data: template });
    await server.stop();
  } catch (e) {
    await removeTemplate(template);
    throw e;
  }
  project.provide('e2eTemplate', JSON.stringify(template));
  return () => removeTemplate(template);
}
