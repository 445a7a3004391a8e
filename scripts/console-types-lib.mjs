// The console's API types from an OpenAPI document: one function, shared by the generator
// (scripts/console-types.mjs) and the test that the committed types are current.
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER =
  '// Generated from /api/schema/ by `node scripts/console-types.mjs` (openapi-typescript): do not edit.\n';

/** @param {object} document the OpenAPI document @returns {Promise<string>} the .d.ts text */
export async function consoleTypes(document) {
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}
