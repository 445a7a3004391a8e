// Five projects: unit specs next to the code (no database); medium specs under test/medium (the
// services with their real repositories on a fresh database per file, no HTTP: the rules that
// live in transactions); e2e specs under test/ (the whole app over HTTP against a fresh database
// per file: embedded PGlite, or PostgreSQL when DATABASE_URL is set); and the fault tests
// (test/faults: the built server against a private PostgreSQL cluster they stop and start).
// `npm test` runs the first three (after `alone`: e2e files that bound the event loop, run by
// themselves), `npm run test:faults` the fault tests. `npm run test:database` (CI's PostgreSQL
// pass) runs alone, medium and e2e again, but only the files marked `@sql-sensitive`: those whose
// outcome may depend on the engine (test/support/sql-sensitive.cjs; the fuzzer is not one).
// test/scale-out runs only there.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json', useESM: true }] };
const moduleNameMapper = {
  '^@app/([^/]+)$': '<rootDir>/libs/$1/src',
  '^@app/([^/]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
// The app under test documents what `nest build` documents: the @nestjs/swagger plugin's metadata
// is generated once by the global setup (test/support/openapi-metadata.mjs) and loaded by
// startTestApp (test/support/openapi-plugin-metadata.ts), so the files compile one by one like the unit specs.
// The metadata's lazy imports name ES modules the way Node does (`./flags.dto.js`).
const appModuleNameMapper = { ...moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' };

module.exports = {
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
  // CI's PostgreSQL pass runs only the files marked `@sql-sensitive` (test/support/sql-sensitive.cjs).
  ...(process.env.JEST_SQL_SENSITIVE_ONLY ? { filter: '<rootDir>/test/support/sql-sensitive.cjs' } : {}),
  // Each file loads the whole app in a fresh module registry, and workers grew to 2.7 GB over a
  // run (full collections of seconds, seen in loop-delay assertions); past 1 GB a worker is
  // replaced between files. PostgreSQL run: 337 s -> 288 s, peak worker RSS about 1 GB.
  workerIdleMemoryLimit: '1GB',
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/apps/**/*.spec.ts', '<rootDir>/libs/**/*.spec.ts'],
      transform,
      extensionsToTreatAsEsm: ['.ts'],
      moduleNameMapper,
    },
    {
      displayName: 'medium',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/medium/**/*.medium-spec.ts'],
      transform,
      extensionsToTreatAsEsm: ['.ts'],
      moduleNameMapper,
      globalSetup: '<rootDir>/test/medium/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      // Several processes on one database: PostgreSQL only (the embedded one belongs to one process).
      testPathIgnorePatterns: process.env.DATABASE_URL ? [] : ['<rootDir>/test/scale-out/'],
      transform,
      extensionsToTreatAsEsm: ['.ts'],
      moduleNameMapper: appModuleNameMapper,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      slowTestThreshold: 30,
    },
    {
      // What e2e is, for the files that bound the event loop's delay: `npm test` runs them first,
      // alone (scripts/jest-alone-first.sh), so the bound measures the service, not its neighbours.
      displayName: 'alone',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.alone-spec.ts'],
      transform,
      extensionsToTreatAsEsm: ['.ts'],
      moduleNameMapper: appModuleNameMapper,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      displayName: 'faults',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
      transform,
      extensionsToTreatAsEsm: ['.ts'],
      moduleNameMapper: appModuleNameMapper,
      globalSetup: '<rootDir>/test/faults/support/global-setup.ts',
      slowTestThreshold: 60,
    },
  ],
};
