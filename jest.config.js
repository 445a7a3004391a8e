// Four projects: unit specs next to the code (no database); medium specs under test/medium (the
// services with their real repositories on a fresh database per file, no HTTP: the rules that
// live in transactions); e2e specs under test/ (the whole app over HTTP against a fresh database
// per file: embedded PGlite, or PostgreSQL when DATABASE_URL is set); and the fault tests
// (test/faults: the built server against a private PostgreSQL cluster they stop and start).
// `npm test` runs the first three, `npm run test:faults` the fourth.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json', useESM: true }] };
// The app under test runs through the @nestjs/swagger plugin as `nest build` does (its OpenAPI
// document comes from the DTO types and doc comments); the plugin needs a program, so these
// files are not compiled one by one. Unit specs need no document and keep the fast path.
// nest-cli.json's plugin options, passed here so that they are part of ts-jest's cache key.
const swaggerPlugin = require('./nest-cli.json').compilerOptions.plugins.find((p) => p.name === '@nestjs/swagger');
const appTransform = {
  '^.+\\.ts$': [
    'ts-jest',
    {
      tsconfig: '<rootDir>/tsconfig.jest.json',
      useESM: true,
      diagnostics: false,
      astTransformers: {
        before: [{ path: '<rootDir>/test/support/swagger-plugin.cjs', options: swaggerPlugin.options }],
      },
    },
  ],
};
const moduleNameMapper = {
  '^@app/([^/]+)$': '<rootDir>/libs/$1/src',
  '^@app/([^/]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
// The plugin's lazy type imports name ES modules the way Node does (`./flags.dto.js`).
const appModuleNameMapper = { ...moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' };

module.exports = {
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
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
      transform: appTransform,
      extensionsToTreatAsEsm: ['.ts'],
      moduleNameMapper: appModuleNameMapper,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      slowTestThreshold: 30,
    },
    {
      displayName: 'faults',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
      transform: appTransform,
      extensionsToTreatAsEsm: ['.ts'],
      moduleNameMapper: appModuleNameMapper,
      globalSetup: '<rootDir>/test/faults/support/global-setup.ts',
      slowTestThreshold: 60,
    },
  ],
};
