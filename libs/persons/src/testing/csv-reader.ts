import { parse } from 'csv-parse/sync';

/**
 * The tests' CSV oracle: csv-parse reads the output back as RFC 4180 (CRLF rows, doubled quotes,
 * every row as wide as the header), so a malformed export fails the test instead of being
 * read the way its writer meant.
 */
export function parseCsv(text: string): string[][] {
  return parse(text, { record_delimiter: '\r\n', relax_quotes: false, relax_column_count: false }) as string[][];
}
