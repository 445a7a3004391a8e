import type { ApiPropertyOptions } from '@nestjs/swagger';

/**
 * OpenAPI for "any JSON value", null included. OpenAPI 3.0 has no "any" type, and `nullable`
 * only counts next to a `type`, so null rides on the object branch.
 */
export const ANY_JSON: ApiPropertyOptions = {
  anyOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'object', additionalProperties: true, nullable: true },
    { type: 'array', items: {} },
  ],
};
