/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  // Types are checked once by `npm run typecheck`; Jest only transpiles.
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }] },
  testMatch: ['**/*.test.ts'],
  // Many tests start the CLI, a worker or Chromium: on a loaded 2-core machine one takes more
  // than Jest's default 5 s. Speed is measured by `npm run bench`, not by these limits.
  testTimeout: 60_000,
};
