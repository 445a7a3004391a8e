import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { CASE_IGNORABLE_RANGES, CASED_RANGES, LOWER_PAIRS, UPPER_PAIRS } from './unicode-case.data';

describe('unicode case tables', () => {
  it('are what the running Node computes (regenerate with scripts/unicode-case-tables.mjs if this fails)', () => {
    const script = join(process.cwd(), 'scripts/unicode-case-tables.mjs');
    const now = JSON.parse(execFileSync(process.execPath, [script, '--json'], { encoding: 'utf8' }));
    expect({
      lower: LOWER_PAIRS,
      upper: UPPER_PAIRS,
      cased: CASED_RANGES,
      caseIgnorable: CASE_IGNORABLE_RANGES,
    }).toEqual(now);
  });
});
