import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContextData {
  requestId: string;
}

/** Carries the request id through every await of a request, so each log line can name it. */
export const requestContext = new AsyncLocalStorage<RequestContextData>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
