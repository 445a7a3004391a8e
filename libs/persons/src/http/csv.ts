import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { eventLoopSlicer, HttpConfig } from '@app/platform';
import { Injectable, StreamableFile } from '@nestjs/common';

/**
 * CSV exports (RFC 4180, CRLF line ends, a header row), flattened as djangorestframework-csv
 * does: nested keys become dotted columns (`properties.email`, `distinct_ids.0`). Top-level
 * fields keep their order; the columns under each are sorted. Hand-written: that flattening is the
 * PostHog-exact part, and csv-stringify has no notion of it.
 *
 * An export is streamed: rows are read page by page and written as they go, with the event loop
 * given back between slices of work. The header needs every column before the first row, so the
 * pages are read twice (the first pass keeps only column names). Columns flattened out of nested
 * values are bounded (`CSV_MAX_COLUMNS`): past the bound, further columns are left out and a last
 * column, `omitted_values`, says per row how many of its values were.
 */

/** Rows read per page (a page of persons is one statement). */
export const CSV_PAGE_SIZE = 500;
/** The column that says which rows lost values to the column bound. */
export const OMITTED_COLUMN = 'omitted_values';

/** A CSV's rows: a function that reads them, page by page, each time it is called. */
export type CsvPages = () => AsyncIterable<readonly object[]>;

/** The pages of `items` (ids, say), `load`ed `CSV_PAGE_SIZE` at a time and in order. */
export function pagesOf<T>(items: readonly T[], load: (page: readonly T[]) => Promise<readonly object[]>): CsvPages {
  return async function* () {
    for (let i = 0; i < items.length; i += CSV_PAGE_SIZE) yield await load(items.slice(i, i + CSV_PAGE_SIZE));
  };
}

/** Rows already in memory, as pages. */
export function pagesFrom(rows: readonly object[]): CsvPages {
  return pagesOf(rows, async (page) => page);
}

/** `row`'s fields flattened into dotted columns, each field's in order (nested ones iteratively). */
function flatten(row: object, fields: readonly string[]): Array<{ field: string; column: string; text: string }> {
  const out: Array<{ field: string; column: string; text: string }> = [];
  for (const field of fields) {
    const stack: Array<[unknown, string]> = [[(row as Record<string, unknown>)[field], field]];
    while (stack.length > 0) {
      const [value, column] = stack.pop()!;
      if (value === null || value === undefined) out.push({ field, column, text: '' });
      else if (typeof value !== 'object') out.push({ field, column, text: String(value) });
      else {
        const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
        for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], `${column}.${entries[i][0]}`]);
      }
    }
  }
  return out;
}

/** Natural order of dotted column names: `distinct_ids.2` before `distinct_ids.10`. */
function compareColumns(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    const na = /^\d+$/.test(pa[i]);
    const nb = /^\d+$/.test(pb[i]);
    if (na && nb) return Number(pa[i]) - Number(pb[i]);
    return pa[i] < pb[i] ? -1 : 1;
  }
  return pa.length - pb.length;
}

// OWASP's CSV injection guidance: a cell a spreadsheet would run as a formula starts with one of
// these. Plain numbers (-5, +1.5e3) are left alone: a spreadsheet reads them as numbers.
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** One cell: formulas defused with a leading `'` (then quoted), quoted when RFC 4180 needs it. */
export function csvCell(text: string): string {
  const safe = FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  return safe !== text || /[",;\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV's columns, and whether some were left out (over `maxColumns`). */
export interface CsvTable {
  columns: string[];
  omitted: boolean;
  maxColumns: number;
}

/**
 * The columns of `pages`' rows: every top-level field, and the first `maxColumns` columns
 * flattened out of nested values in the order the rows show them (newest rows first, for the
 * persons lists). Reading stops once one more is seen: then `omitted` is true.
 */
export async function csvColumns(pages: CsvPages, fields: readonly string[], maxColumns: number): Promise<CsvTable> {
  const byField = new Map(fields.map((f) => [f, new Set<string>()]));
  let nested = 0;
  const pause = eventLoopSlicer();
  for await (const page of pages()) {
    for (const row of page) {
      for (const { field, column } of flatten(row, fields)) {
        const known = byField.get(field)!;
        if (known.has(column)) continue;
        if (column !== field && nested === maxColumns) {
          return { columns: ordered(byField), omitted: true, maxColumns };
        }
        known.add(column);
        if (column !== field) nested++;
      }
      await pause();
    }
  }
  return { columns: ordered(byField), omitted: false, maxColumns };
}

function ordered(byField: ReadonlyMap<string, Set<string>>): string[] {
  return [...byField.values()].flatMap((columns) => [...columns].sort(compareColumns));
}

/**
 * The CSV text of `pages`' rows under `columns` (from `csvColumns`), in chunks of about 64 KiB,
 * giving the event loop a turn between chunks.
 */
export async function* csvChunks(pages: CsvPages, fields: readonly string[], table: CsvTable): AsyncGenerator<string> {
  const kept = new Set(table.columns);
  const header = table.omitted ? [...table.columns, OMITTED_COLUMN] : table.columns;
  let chunk = `${header.map(csvCell).join(',')}\r\n`;
  const pause = eventLoopSlicer();
  for await (const page of pages()) {
    for (const row of page) {
      const cells = new Map<string, string>();
      let left = 0;
      for (const { column, text } of flatten(row, fields)) {
        if (kept.has(column)) cells.set(column, text);
        else left++;
      }
      const line = table.columns.map((c) => csvCell(cells.get(c) ?? ''));
      if (table.omitted)
        line.push(left === 0 ? '' : csvCell(`Note: ${left} value(s) left out: over ${table.maxColumns} columns`));
      chunk += `${line.join(',')}\r\n`;
      if (chunk.length >= 65_536) {
        yield chunk;
        chunk = '';
        await nextTurn();
      } else {
        await pause();
      }
    }
  }
  yield chunk;
}

/** Answers requests with CSV files, streamed, under the column bound of the configuration. */
@Injectable()
export class CsvExports {
  constructor(private readonly config: HttpConfig) {}

  /**
   * The file, ready to stream. Its columns are read first, before the response starts, so a
   * failure there is an ordinary error response; a failure later cuts the download short.
   */
  async file(filename: string, fields: readonly string[], pages: CsvPages): Promise<StreamableFile> {
    const table = await csvColumns(pages, fields, this.config.CSV_MAX_COLUMNS);
    return new StreamableFile(Readable.from(csvChunks(pages, fields, table)), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }
}
