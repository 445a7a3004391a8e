import { parseCsv } from '../testing/csv-reader';
import { csvCell, csvChunks, csvColumns, CsvPages, OMITTED_COLUMN, pagesFrom, pagesOf } from './csv';

async function csvOf(pages: CsvPages, fields: readonly string[], maxColumns = 1_000): Promise<string> {
  let text = '';
  for await (const chunk of csvChunks(pages, fields, await csvColumns(pages, fields, maxColumns))) text += chunk;
  return text;
}

describe('CSV exports', () => {
  it('flatten nested fields into dotted columns in natural order and quote what needs it', async () => {
    const ids = Array.from({ length: 11 }, (_, i) => `d${i}`);
    const csv = await csvOf(
      pagesFrom([
        { id: 1, name: 'a, "b"', distinct_ids: ids, properties: { z: 1, a: { b: 'x\ny' } } },
        { id: 2, name: null, distinct_ids: [], properties: { m: true, s: 'a;b' } },
      ]),
      ['id', 'name', 'distinct_ids', 'properties'],
    );
    const [header, first, second] = parseCsv(csv);
    expect(header).toEqual([
      'id',
      'name',
      ...ids.map((_, i) => `distinct_ids.${i}`),
      'properties.a.b',
      'properties.m',
      'properties.s',
      'properties.z',
    ]);
    expect(first).toEqual(['1', 'a, "b"', ...ids, 'x\ny', '', '', '1']);
    expect(second).toEqual(['2', '', ...ids.map(() => ''), '', 'true', 'a;b', '']);
    expect(csv).toContain('"a;b"');
  });

  it('defuse cells a spreadsheet would run as formulas (OWASP), and keep plain numbers', () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\r=x', '=HYPERLINK("http://x")']) {
      const cell = csvCell(formula);
      expect(cell.startsWith(`"'`)).toBe(true);
      expect(parseCsv(`${cell}\r\n`)).toEqual([[`'${formula}`]]);
    }
    for (const plain of ['-5', '+1.5', '-1e3', '.5', 'a=b', 'x@y', '']) {
      expect(parseCsv(`${csvCell(plain)}\r\n`)).toEqual([[plain]]);
    }
    expect(csvCell('-5')).toBe('-5');
  });

  it('bound the columns flattened out of nested values, and say which rows lost values', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: i,
      properties: { common: 'c', [`own-${i}`]: i },
    }));
    const [header, ...lines] = parseCsv(await csvOf(pagesFrom(rows), ['id', 'properties'], 5));
    expect(header).toEqual([
      'id',
      'properties.common',
      'properties.own-0',
      'properties.own-1',
      'properties.own-2',
      'properties.own-3',
      OMITTED_COLUMN,
    ]);
    expect(lines).toHaveLength(30);
    expect(lines[0]).toEqual(['0', 'c', '0', '', '', '', '']);
    expect(lines[29]).toEqual(['29', 'c', '', '', '', '', 'Note: 1 value(s) left out: over 5 columns']);
    // Within the bound, no note column.
    expect(parseCsv(await csvOf(pagesFrom(rows.slice(0, 4)), ['id', 'properties'], 5))[0]).not.toContain(
      OMITTED_COLUMN,
    );
  });

  it('read pages lazily and twice, in order, from ids', async () => {
    const loads: number[][] = [];
    const ids = Array.from({ length: 1_201 }, (_, i) => i);
    const pages = pagesOf(ids, async (page) => {
      loads.push([page[0], page.length]);
      return page.map((id) => ({ id }));
    });
    const [header, ...lines] = parseCsv(await csvOf(pages, ['id']));
    expect(header).toEqual(['id']);
    expect(lines.map(([id]) => Number(id))).toEqual(ids);
    expect(loads).toEqual([
      [0, 500],
      [500, 500],
      [1000, 201],
      [0, 500],
      [500, 500],
      [1000, 201],
    ]);
  });

  it('flatten deeply nested values without recursion', async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const [header, line] = parseCsv(await csvOf(pagesFrom([{ id: 1, properties: { deep } }]), ['id', 'properties']));
    expect(header[1]).toBe(`properties.deep${'.0'.repeat(50_000)}`);
    expect(line[1]).toBe('bottom');
  });
});
