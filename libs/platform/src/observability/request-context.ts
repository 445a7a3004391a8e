import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContextData {
  requestId: string;
  /** The client's address (`req.ip`: the connection's peer unless TRUST_PROXY trusts it). */
  clientAddress?: string;
}

/** Carries the request id (for each log line) and the client's address through every await of a request. */
export const requestContext = new AsyncLocalStorage<RequestContextData>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

export function currentClientAddress(): string | undefined {
  return requestContext.getStore()?.clientAddress;
}
