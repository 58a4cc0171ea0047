import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

// `unit` runs browser-facing code in Node against WXT's fake browser and fake-indexeddb; `contract`
// talks HTTP to a real local server started in-process; `store` checks the built packages.
export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a two-core machine): the unit and contract
    // files then ran one at a time, 70 s against 48 s with a worker per core (a third was no faster).
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/rules/**/*.test.ts'],
          setupFiles: ['tests/unit/setup.ts'],
          globalSetup: ['tests/unit/global-setup.ts'],
          environment: 'node',
          // One module graph per worker, not per file: importing fake-indexeddb, the fake browser and
          // the code under test again for every file was most of the suite's time. Files share no
          // state through it: the setup resets the fake browser before each test, and each test
          // opens databases of its own name.
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own server on an ephemeral port and keeps nothing at module level, so
          // files share one module graph per worker thread: forking and importing the server again
          // for each file took half the run (28 s against 15 s; files in shuffled order pass).
          pool: 'threads',
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        // The built packages against the stores' rules: run after a build (scripts/test.mjs, scripts/release.mjs).
        test: { name: 'store', include: ['tests/store/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
    ],
  },
});
