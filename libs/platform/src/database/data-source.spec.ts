import { loadConfig } from '../config/env';
import { PlatformConfig } from '../config/platform-config';
import { baseOptions } from './data-source';

describe('baseOptions', () => {
  const config = loadConfig(PlatformConfig, { DATABASE_POOL_SIZE: '7' });
  const max = (embedded: boolean) =>
    (baseOptions(config, { url: 'postgresql://x@localhost/db' }, embedded) as { extra: { max: number } }).extra.max;

  it('uses one connection on the embedded database, which runs one transaction at a time', () => {
    expect(max(true)).toBe(1);
  });

  it('uses DATABASE_POOL_SIZE on PostgreSQL', () => {
    expect(max(false)).toBe(7);
  });

  it('sends the statement timeout as a startup parameter, except to a pooler in transaction mode', () => {
    const timeout = (pooled: boolean) =>
      (
        baseOptions(config, { url: 'postgresql://x@localhost/db' }, false, pooled) as {
          extra: { statement_timeout?: number };
        }
      ).extra.statement_timeout;
    expect(timeout(false)).toBe(30_000);
    expect(timeout(true)).toBeUndefined();
  });
});
