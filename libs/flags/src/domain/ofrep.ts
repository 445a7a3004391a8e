import { DomainError } from '@app/platform/errors/domain-error';
import { ofrepReason, parsePayload } from './evaluation';
import type { FlagDefinition, FlagEvaluation } from './evaluation';
import { requestContexts, requestRuntime } from './evaluation-runtime';
import { nestsTooDeeply } from './sdk-request';
import type { FlagsRequest } from './sdk-request';

/**
 * The OpenFeature Remote Evaluation Protocol over PostHog flags.
 *
 * Request: `{context: {targetingKey, ...attributes}}`. `targetingKey` is the distinct id;
 * `groups` (`{type: key}`) and `groupProperties` (`{type: {...}}`) name groups; every other
 * attribute is a person property (over the stored ones).
 *
 * Each flag answers with one JSON type: a flag with payloads serves its payload (an object flag:
 * `getObjectValue`), a multivariate flag its variant (a string), any other flag a boolean. When
 * a payload or variant flag is off there is no value ("use the code default").
 */

/** OFREP's error codes (what goes in `errorCode`). */
export type OfrepErrorCode = 'PARSE_ERROR' | 'TARGETING_KEY_MISSING' | 'INVALID_CONTEXT' | 'GENERAL' | 'FLAG_NOT_FOUND';
export const OFREP_ERROR_CODES: readonly OfrepErrorCode[] = [
  'PARSE_ERROR',
  'TARGETING_KEY_MISSING',
  'INVALID_CONTEXT',
  'GENERAL',
  'FLAG_NOT_FOUND',
];

export interface OfrepSuccess {
  key: string;
  reason: string;
  variant: string;
  metadata: Record<string, string | number | boolean>;
  value?: unknown;
}

export function ofrepError(code: OfrepErrorCode, detail: string): DomainError {
  if (code === 'FLAG_NOT_FOUND') return new DomainError('not_found', code, detail);
  return DomainError.invalid(detail, 'context', code);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads an OFREP evaluation request into the `/flags` request shape. The context's
 * `evaluation_runtime` and `evaluation_contexts` say where the caller runs, as a `/flags` body's
 * fields do (the runtime is otherwise read from the headers, as `/flags` reads it).
 */
export function parseOfrepRequest(
  payload: unknown,
  headers: Record<string, string | string[] | undefined> = {},
): FlagsRequest {
  if (!isObject(payload)) throw ofrepError('PARSE_ERROR', 'The body must be a JSON object with a context.');
  const context = payload.context ?? {};
  if (!isObject(context)) throw ofrepError('INVALID_CONTEXT', 'context must be an object.');
  if (nestsTooDeeply(context)) throw ofrepError('INVALID_CONTEXT', 'context nests too deeply.');
  const {
    targetingKey,
    groups,
    groupProperties,
    evaluation_runtime: runtime,
    evaluation_contexts: contexts,
    ...attributes
  } = context;
  if (targetingKey === undefined || targetingKey === null || targetingKey === '') {
    throw ofrepError('TARGETING_KEY_MISSING', 'context.targetingKey (the distinct id) is required.');
  }
  if (typeof targetingKey !== 'string' && typeof targetingKey !== 'number') {
    throw ofrepError('INVALID_CONTEXT', 'context.targetingKey must be a string.');
  }
  const groupMap: Record<string, string> = {};
  if (groups !== undefined && groups !== null) {
    if (!isObject(groups)) throw ofrepError('INVALID_CONTEXT', 'context.groups must be an object of group type → key.');
    for (const [type, key] of Object.entries(groups)) {
      if (typeof key !== 'string' && typeof key !== 'number') {
        throw ofrepError('INVALID_CONTEXT', 'context.groups must be an object of group type → key.');
      }
      groupMap[type] = String(key);
    }
  }
  const groupProps: Record<string, Record<string, unknown>> = {};
  if (groupProperties !== undefined && groupProperties !== null) {
    if (!isObject(groupProperties) || !Object.values(groupProperties).every(isObject)) {
      throw ofrepError('INVALID_CONTEXT', 'context.groupProperties must be an object of group type → properties.');
    }
    Object.assign(groupProps, groupProperties);
  }
  return {
    distinctId: String(targetingKey),
    groups: groupMap,
    personProperties: attributes,
    groupProperties: groupProps,
    ...servedWhere(runtime, contexts, headers),
  };
}

function servedWhere(
  runtime: unknown,
  contexts: unknown,
  headers: Record<string, string | string[] | undefined>,
): Pick<FlagsRequest, 'runtime' | 'evaluationContexts'> {
  try {
    return {
      runtime: requestRuntime(runtime, headers),
      evaluationContexts: requestContexts({ evaluation_contexts: contexts }),
    };
  } catch (e) {
    if (e instanceof DomainError) throw ofrepError('INVALID_CONTEXT', `context.${e.detail}`);
    throw e;
  }
}

function hasPayloads(flag: FlagDefinition): boolean {
  return Object.values(flag.filters?.payloads ?? {}).some((p) => p !== null && p !== undefined && p !== '');
}

/** One flag's OFREP answer. */
export function toOfrepSuccess(flag: FlagDefinition, result: FlagEvaluation): OfrepSuccess {
  const metadata: Record<string, string | number | boolean> = { id: flag.id, reasonCode: result.reason.code };
  if (result.version !== null) metadata.version = result.version;
  if (result.reason.condition_index !== null) metadata.conditionIndex = result.reason.condition_index;
  const answer: OfrepSuccess = {
    key: flag.key,
    reason: ofrepReason(result.reason.code),
    variant: result.variant ?? String(result.enabled),
    metadata,
  };
  if (hasPayloads(flag)) {
    if (result.payload !== null) answer.value = parsePayload(result.payload);
  } else if ((flag.filters?.multivariate?.variants ?? []).length > 0) {
    if (result.variant !== null) answer.value = result.variant;
  } else {
    answer.value = result.enabled;
  }
  return answer;
}
