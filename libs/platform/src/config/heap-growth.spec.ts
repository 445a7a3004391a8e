import { spawnSync } from 'node:child_process';
import { applyHeapGrowth } from './heap-growth';

describe('applyHeapGrowth', () => {
  it('sets V8’s heap growing factor from HEAP_GROWTH_PERCENT', () => {
    const set: string[] = [];
    applyHeapGrowth({ HEAP_GROWTH_PERCENT: 50 }, (flags) => set.push(flags));
    expect(set).toEqual(['--heap-growing-percent=50']);
  });

  it('leaves V8’s own factor at 0', () => {
    const set: string[] = [];
    applyHeapGrowth({ HEAP_GROWTH_PERCENT: 0 }, (flags) => set.push(flags));
    expect(set).toEqual([]);
  });

  it('is a flag this Node.js knows', () => {
    // An unknown flag is ignored silently by setFlagsFromString: ask V8 itself.
    const out = spawnSync(process.execPath, ['--heap-growing-percent=50', '-e', ''], { encoding: 'utf8' });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
  });
});
