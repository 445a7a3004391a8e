import { SwaggerModule } from '@nestjs/swagger';

// Before any app of the file starts: the @nestjs/swagger plugin's metadata, written by the global
// setup (test/support/openapi-metadata.mjs), so the app under test documents what `nest build`
// does. Imported by a computed name: the file exists only once a test run generated it, and the
// typecheck (which runs before any test) must not depend on it.
const METADATA = './generated/openapi-metadata';

beforeAll(async () => {
  // The metadata imports every DTO and controller file at once; Jest's ESM runtime cannot link
  // one module graph from several imports in flight ("request for … is not in cache"), which the
  // files that never load the app (the built-process specs) hit. One import of the whole app
  // first: the metadata's imports then find every module loaded.
  await import('../../apps/api/src/api.module');
  const { default: metadata } = (await import(METADATA)) as { default: () => Promise<Record<string, unknown>> };
  await SwaggerModule.loadPluginMetadata(metadata);
});
