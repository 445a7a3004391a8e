import { spawnSync } from 'node:child_process';
import { loadConfig } from './env';
import { applyHeapGrowth } from './heap-growth';
import { PlatformConfig } from './platform-config';

describe('applyHeapGrowth', () => {
  it('sets V8’s heap growing factor from HEAP_GROWTH_PERCENT', () => {
    const set: string[] = [];
    expect(applyHeapGrowth({ HEAP_GROWTH_PERCENT: 50 }, (flags) => set.push(flags))).toBe(50);
    expect(set).toEqual(['--heap-growing-percent=50']);
  });

  it('leaves V8’s own factor at 0', () => {
    const set: string[] = [];
    expect(applyHeapGrowth({ HEAP_GROWTH_PERCENT: 0 }, (flags) => set.push(flags))).toBeNull();
    expect(applyHeapGrowth({ HEAP_GROWTH_PERCENT: NaN }, (flags) => set.push(flags))).toBeNull();
    expect(set).toEqual([]);
  });

  it('is a flag this Node.js knows', () => {
    // An unknown flag is ignored silently by setFlagsFromString: ask V8 itself.
    const out = spawnSync(process.execPath, ['--heap-growing-percent=50', '-e', ''], { encoding: 'utf8' });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
  });

  it.each(['0', '10', '400'])('accepts HEAP_GROWTH_PERCENT=%s', (value) => {
    expect(loadConfig(PlatformConfig, { HEAP_GROWTH_PERCENT: value }).HEAP_GROWTH_PERCENT).toBe(Number(value));
  });

  it.each(['1', '9', '401', '-1', 'fast'])('refuses HEAP_GROWTH_PERCENT=%s, naming it', (value) => {
    expect(() => loadConfig(PlatformConfig, { HEAP_GROWTH_PERCENT: value })).toThrow(/HEAP_GROWTH_PERCENT/);
  });
});
