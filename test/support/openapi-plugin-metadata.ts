import { SwaggerModule } from '@nestjs/swagger';

// The @nestjs/swagger plugin's metadata, written by the global setup (openapi-metadata.mjs), so
// the app under test documents what `nest build` does. Imported by a computed name: the file
// exists only once a test run generated it, and the typecheck (run before any test) must not
// depend on it. Loaded by startTestApp, once the app's modules are loaded (Jest's ESM loader
// fails on many first imports at once).
const METADATA = './generated/openapi-metadata';

let loaded: Promise<void> | undefined;

export function loadOpenApiPluginMetadata(): Promise<void> {
  loaded ??= (async () => {
    const { default: metadata } = (await import(METADATA)) as { default: () => Promise<Record<string, unknown>> };
    await SwaggerModule.loadPluginMetadata(metadata);
  })();
  return loaded;
}
