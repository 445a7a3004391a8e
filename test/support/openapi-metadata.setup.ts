import { SwaggerModule } from '@nestjs/swagger';

// Before any app of the file starts: the @nestjs/swagger plugin's metadata, written by the global
// setup (test/support/openapi-metadata.mjs), so the app under test documents what `nest build`
// does. Imported by a computed name: the file exists only once a test run generated it, and the
// typecheck (which runs before any test) must not depend on it.
const METADATA = './generated/openapi-metadata';

beforeAll(async () => {
  const { default: metadata } = (await import(METADATA)) as { default: () => Promise<Record<string, unknown>> };
  await SwaggerModule.loadPluginMetadata(metadata);
});
