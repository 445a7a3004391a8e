import {
  DEFAULT_PAGE_SIZE,
  DomainError,
  MAX_PAGE_SIZE,
  pageOffset,
  parseNonNegativeInt,
  QueryParam,
} from '@app/platform';
import type { PageQuery } from '@app/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';

/** PostHog's CSV export limit. */
export const CSV_LIMIT = 10_000;

export type ExportFormat = 'json' | 'csv';

/** A text query parameter given at most once, without NUL characters. */
export function queryText(raw: unknown, name: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw DomainError.invalid(`${name} must be given once, as a string.`, name);
  if (raw.includes('\u0000')) throw DomainError.invalid(`${name} cannot contain NUL characters.`, name);
  return raw;
}

/** `format`: json (the default) or csv. */
export function parseFormat(raw: unknown, name = 'format'): ExportFormat {
  const format = queryText(raw, name) ?? 'json';
  if (format !== 'json' && format !== 'csv') throw DomainError.invalid('format must be json or csv.', name);
  return format;
}

export const FORMAT_DESCRIPTION =
  'csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote.';

/** `limit` of an export page: 0 when absent (the format's default, see `exportPage`). */
export function exportLimit(raw: unknown, name: string): number {
  return parseNonNegativeInt(raw, name, 0);
}

/** Routes that answer JSON, or the same rows as CSV. */
export class FormatQuery {
  @QueryParam(parseFormat)
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: FORMAT_DESCRIPTION })
  format: ExportFormat;
}

/** A page of persons as JSON, or as CSV (up to 10,000 rows by default). */
export class ExportPageQuery {
  @QueryParam(parseFormat)
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: FORMAT_DESCRIPTION })
  format: ExportFormat;

  /** Results per page (default 100, at most 1000; CSV: 10,000). */
  @QueryParam(exportLimit)
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  limit: number;

  /** Index of the first result. */
  @QueryParam(pageOffset)
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  offset: number;
}

/** The page `query` asks for: 0 or no limit is the format's default, and the format caps it. */
export function exportPage(query: { format: ExportFormat; limit: number; offset: number }): PageQuery {
  const fallback = query.format === 'csv' ? CSV_LIMIT : DEFAULT_PAGE_SIZE;
  const max = query.format === 'csv' ? CSV_LIMIT : MAX_PAGE_SIZE;
  return { limit: Math.min(query.limit === 0 ? fallback : query.limit, max), offset: query.offset };
}
