import { DomainError } from '@app/platform/errors/domain-error';
import { FlagErrors } from './flag.errors';

/**
 * Where a flag may be served (PostHog's `evaluation_runtime`) and its evaluation contexts: the
 * rules of PostHog's flags service (rust/feature-flags `handler/flags.rs`,
 * `utils/user_agent.rs`), pure.
 */
export const EVALUATION_RUNTIMES = ['server', 'client', 'all'] as const;
export type EvaluationRuntime = (typeof EVALUATION_RUNTIMES)[number];

/** PostHog's `EvaluationContextSerializerMixin` bounds. */
export const MAX_EVALUATION_CONTEXTS = 50;
export const MAX_EVALUATION_CONTEXT_LENGTH = 255;

export function isEvaluationRuntime(value: unknown): value is EvaluationRuntime {
  return typeof value === 'string' && (EVALUATION_RUNTIMES as readonly string[]).includes(value);
}

/**
 * A flag's evaluation contexts as PostHog's serializer takes them (after the field's own list
 * check): at most 50 strings of at most 255 characters, duplicates dropped, order kept. Its
 * errors come from `validate()`, so they are not a field's (`non_field_errors`).
 */
export function checkEvaluationContexts(value: unknown[]): string[] {
  if (value.length > MAX_EVALUATION_CONTEXTS) {
    throw DomainError.invalid(
      `evaluation_contexts must be a list of at most ${MAX_EVALUATION_CONTEXTS} items.`,
      'non_field_errors',
    );
  }
  for (const item of value) {
    if (typeof item !== 'string' || item.length > MAX_EVALUATION_CONTEXT_LENGTH) {
      throw DomainError.invalid('Invalid evaluation context name.', 'non_field_errors');
    }
    // PostgreSQL's text refuses NUL (PostHog answers a 500 there).
    if (item.includes('\u0000')) throw FlagErrors.nullCharacters('evaluation_contexts');
  }
  return [...new Set(value as string[])];
}

/** The runtime a PostHog SDK's `User-Agent` names (`posthog-<sdk>/<version>`), a browser's, or curl's. */
function runtimeOfUserAgent(ua: string | undefined): 'server' | 'client' | undefined {
  if (!ua) return undefined;
  if (ua.startsWith('posthog-')) {
    const slash = ua.indexOf('/');
    const name = slash < 0 ? '' : ua.slice('posthog-'.length, slash);
    const version = slash < 0 ? '' : (ua.slice(slash + 1).split(/\s+/)[0] ?? '');
    if (name === '' || version === '') return undefined;
    if (SERVER_SDKS.has(name)) return 'server';
    if (CLIENT_SDKS.has(name)) return 'client';
    return undefined;
  }
  if (/Mozilla\/|Chrome\/|Safari\/|Firefox\/|Edge\//.test(ua)) return 'client';
  if (ua.includes('python-requests/') || ua.includes('curl/')) return 'server';
  return undefined;
}

const SERVER_SDKS = new Set(['python', 'ruby', 'php', 'java', 'go', 'node', 'dotnet', 'elixir', 'server']);
const CLIENT_SDKS = new Set(['js', 'android', 'ios', 'react-native', 'flutter']);

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The runtime of an SDK request, as PostHog's `detect_evaluation_runtime_from_request` decides
 * it: the body's `evaluation_runtime` (any other string is `all`), else the `User-Agent`, else
 * browser headers (`Origin`, `Referer`, `Sec-Fetch-Mode`, `Sec-Fetch-Site`) mean a client; else
 * undetermined (null), which is served only the flags of every runtime.
 */
export function requestRuntime(explicit: unknown, headers: Headers): EvaluationRuntime | null {
  if (explicit !== undefined && explicit !== null) {
    if (typeof explicit !== 'string') {
      throw DomainError.invalid('evaluation_runtime must be a string.', 'evaluation_runtime');
    }
    const lower = explicit.toLowerCase();
    return lower === 'client' || lower === 'server' ? lower : 'all';
  }
  const byAgent = runtimeOfUserAgent(header(headers, 'user-agent'));
  if (byAgent) return byAgent;
  if (['origin', 'referer', 'sec-fetch-mode', 'sec-fetch-site'].some((h) => header(headers, h) !== undefined)) {
    return 'client';
  }
  return null;
}

/**
 * `evaluation_contexts` of an SDK body (`evaluation_environments`, its older name, when absent):
 * a list of strings, or undefined.
 */
export function requestContexts(payload: Record<string, unknown>): string[] | undefined {
  const attr = payload.evaluation_contexts !== undefined ? 'evaluation_contexts' : 'evaluation_environments';
  const value = payload[attr];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw DomainError.invalid(`${attr} must be a list of strings.`, attr);
  }
  return value;
}

/** What a flag says about where it is served. */
export interface ServedWhere {
  /** null (never set) behaves as `all`. */
  evaluation_runtime?: string | null;
  evaluation_contexts?: readonly string[] | null;
}

/**
 * Whether a request of `runtime` with `contexts` is served the flag: a flag of every runtime
 * (or none set) always; one of a runtime only to a request of that runtime or of `all` (never
 * to an undetermined one); a flag with contexts only to a request that names one of them, or
 * names none.
 */
export function servedTo(
  flag: ServedWhere,
  runtime: EvaluationRuntime | null,
  contexts?: readonly string[] | ReadonlySet<string>,
): boolean {
  const own =
    flag.evaluation_runtime === 'client' || flag.evaluation_runtime === 'server' ? flag.evaluation_runtime : 'all';
  if (own !== 'all' && runtime !== 'all' && own !== runtime) return false;
  const tags = flag.evaluation_contexts ?? [];
  if (contexts === undefined || tags.length === 0) return true;
  const named = contextSet(contexts);
  return named.size === 0 || tags.some((t) => named.has(t));
}

const sets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** A request's contexts as a set, made once per request (its list can be long). */
function contextSet(contexts: readonly string[] | ReadonlySet<string>): ReadonlySet<string> {
  if (!Array.isArray(contexts)) return contexts as ReadonlySet<string>;
  let set = sets.get(contexts);
  if (!set) sets.set(contexts, (set = new Set(contexts)));
  return set;
}
