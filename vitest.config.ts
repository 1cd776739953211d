import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest leaves one core to itself by default, which on a 2-core machine runs one file at a time; the main
    // process idles while files run, and each server file has its own database. The browser files run two at a
    // time too, each with its own server and browser: one at a time, the machine was two-thirds idle while pages
    // loaded (the suite took 600 s of tests in 600 s; two at a time, 300 s).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['./src/test/global-setup.ts'],
        },
      },
      {
        extends: './web/vite.config.ts',
        test: { name: 'web', root: './web', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        test: {
          name: 'bench',
          root: './bench',
          include: ['src/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: { name: 'scripts', root: './scripts', include: ['**/*.test.mjs'], environment: 'node' },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['src/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          globalSetup: ['./src/global-setup.ts'],
          // expect.poll gives up after 1 s by default, shorter than a page takes to render on a loaded 2-core
          // machine (the breadcrumb after a click on it: still the old one at 1 s in a CI run); Playwright's own
          // waits allow 30 s.
          expect: { poll: { timeout: 10_000 } },
          // CI throws a whole submission away for one failed test. A browser test that fails twice is a real
          // failure; one that passes on its second try is printed as retried (and its first failure's page
          // text, errors and slow requests are in the log) so that the flake can still be chased.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
