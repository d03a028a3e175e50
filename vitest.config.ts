import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // oidc-provider 9 warns on every import that it prefers Node 22; it runs correctly on Node 20.
    onConsoleLog: (log) => !log.includes('oidc-provider WARNING: Unsupported runtime'),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // The sync engine replays outbox entries with the app's mutators, as the app installs them.
          setupFiles: ['src/data/install-mutators.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/data/install-mutators.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server on its own database; two at a time fit two cores.
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
    ],
  },
});
