import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];

/** The PostHog error envelope every API error answers with. */
export interface Envelope {
  type: string;
  code: string;
  detail: string;
  attr: string | null;
}

/** A refused request: its status and the server's envelope (a made-up one when the body had none). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope,
  ) {
    super(envelope.detail);
  }
}

/** The value of a cookie readable by scripts (the CSRF token). */
export function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Called when the API says the session is gone (401), so the console can ask to sign in again. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

/**
 * The public API, typed from /api/schema/: the session cookie travels with every request and the
 * CSRF token (the `posthog_csrftoken` cookie) with every write, as PostHog's own app does.
 */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use({
  onRequest({ request }) {
    if (UNSAFE.has(request.method)) {
      const token = cookie('posthog_csrftoken');
      if (token) request.headers.set('X-CSRFToken', token);
    }
    return request;
  },
  onResponse({ response, request }) {
    if (response.status === 401 && !/\/api\/login\/?$/.test(new URL(request.url).pathname)) onSignedOut();
    return response;
  },
});

function toEnvelope(status: number, body: unknown): Envelope {
  if (typeof body === 'object' && body !== null && 'detail' in body) {
    const b = body as Partial<Envelope>;
    return { type: b.type ?? 'error', code: b.code ?? 'error', detail: String(b.detail), attr: b.attr ?? null };
  }
  return { type: 'error', code: 'error', detail: `The server answered ${status}.`, attr: null };
}

/** The data of an openapi-fetch answer, or an ApiError carrying the envelope. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result;
  try {
    result = await call;
  } catch {
    throw new ApiError(0, { type: 'network', code: 'network', detail: 'The server cannot be reached.', attr: null });
  }
  if (!result.response.ok) throw new ApiError(result.response.status, toEnvelope(result.response.status, result.error));
  return result.data as T;
}

/** Signs in with email and password: the server sets the session and CSRF cookies. */
export function signIn(email: string, password: string): Promise<Schemas['MeDto']> {
  return ok(api.POST('/api/login', { body: { email, password } }));
}

/** Ends the session (the CSRF token goes with it, as with every write). */
export async function signOut(): Promise<void> {
  await ok(api.POST('/api/logout')).catch(() => undefined);
}
