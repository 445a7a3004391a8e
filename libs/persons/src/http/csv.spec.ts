import { parseCsv } from '../testing/csv-reader';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('flattens nested fields into dotted columns in natural order and quotes what needs it', () => {
    const ids = Array.from({ length: 11 }, (_, i) => `d${i}`);
    const csv = toCsv(
      [
        { id: 1, name: 'a, "b"', distinct_ids: ids, properties: { z: 1, a: { b: 'x\ny' } } },
        { id: 2, name: null, distinct_ids: [], properties: { m: true } },
      ],
      ['id', 'name', 'distinct_ids', 'properties'],
    );
    const [header, first, second] = parseCsv(csv);
    expect(header).toEqual([
      'id',
      'name',
      ...ids.map((_, i) => `distinct_ids.${i}`),
      'properties.a.b',
      'properties.m',
      'properties.z',
    ]);
    expect(first).toEqual(['1', 'a, "b"', ...ids, 'x\ny', '', '1']);
    expect(second).toEqual(['2', '', ...ids.map(() => ''), '', 'true', '']);
  });
});
