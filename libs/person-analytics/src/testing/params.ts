import { DomainError } from '@app/platform/errors/domain-error';
import { AnalyticsParams } from '../domain/analytics-params';

export const NOW = new Date('2024-03-13T15:45:30.123Z');
export const STEPS = JSON.stringify([
  { id: '$pageview' },
  { id: 'signed up', order: 1 },
  { id: 'purchased', order: 2 },
]);

export function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('no error');
}

export const params = (query: Record<string, unknown>, body?: Record<string, unknown>) =>
  new AnalyticsParams(query, body);
