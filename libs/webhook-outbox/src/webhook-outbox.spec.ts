import { jest } from '@jest/globals';
import type { JsonLogger, PlatformConfig } from '@app/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { WebhookOutbox } from './webhook-outbox';

/** An outbox whose projects are all full (WEBHOOK_SLACK_PENDING_MAX waiting): every Slack message is dropped. */
function fullOutbox() {
  const entry = jest.fn();
  const outbox = new WebhookOutbox(
    { subscribers: [] } as unknown as DataSource,
    { WEBHOOK_SLACK_PENDING_MAX: 10 } as PlatformConfig,
    { entry } as unknown as JsonLogger,
  );
  const m = { query: () => Promise.resolve([{ n: 0, remaining: 0 }]) } as unknown as EntityManager;
  const slack = (projectId: number) =>
    outbox.slack(m, projectId, [{ event: 'signed up', distinctId: 'u', timestamp: new Date(0) }]);
  const logsOf = (projectId: number) =>
    entry.mock.calls.filter(([, , fields]) => (fields as { project_id: number }).project_id === projectId).length;
  return { slack, logsOf };
}

describe('WebhookOutbox dropped Slack messages', () => {
  it('logs a project once a minute while its messages keep being dropped', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const { slack, logsOf } = fullOutbox();
      for (let i = 0; i < 5; i++) await slack(1);
      expect(logsOf(1)).toBe(1);
      jest.setSystemTime(1_060_000);
      await slack(1);
      expect(logsOf(1)).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps a project that keeps dropping logged once a minute while many others drop too', async () => {
    const { slack, logsOf } = fullOutbox();
    for (let other = 2; other <= 10_010; other++) {
      await slack(1);
      await slack(other);
    }
    expect(logsOf(1)).toBe(1);
  });
});
