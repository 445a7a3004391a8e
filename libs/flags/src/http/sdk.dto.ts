import { randomUUID } from 'node:crypto';
import { QueryParam } from '@app/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OFREP_ERROR_CODES, toOfrepSuccess } from '../domain/ofrep';
import type { OfrepSuccess } from '../domain/ofrep';
import type { EvaluationReason, FlagEvaluation } from '../domain/evaluation';
import type { ProjectSnapshot } from '../domain/project-snapshot';
import type { Evaluated } from '../flag-evaluation.service';
import { sendCohortsOf } from './local-evaluation-response';
import { FLAG_VALUE } from './evaluation.dto';

// ---- /flags and /decide ----

/** What SDKs post to `/flags` and `/decide` (documentation: the body is read raw). */
export const FLAGS_REQUEST_SCHEMA = {
  type: 'object' as const,
  required: ['distinct_id'],
  properties: {
    token: { type: 'string', description: 'The project token (phc_…); also accepted as `api_key`.' },
    api_key: { type: 'string' },
    distinct_id: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    groups: {
      type: 'object',
      additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      description: 'Group type → group key.',
    },
    person_properties: {
      type: 'object',
      additionalProperties: true,
      description: 'Override the stored person properties.',
    },
    group_properties: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: true },
      description: 'Group type → properties overriding the stored ones.',
    },
    flag_keys_to_evaluate: { type: 'array', items: { type: 'string' }, description: 'Only these flags.' },
    $anon_distinct_id: {
      type: 'string',
      description: 'Experience continuity: the anonymous id the person had before identifying.',
    },
    $device_id: { type: 'string', description: 'For flags bucketed by device.' },
    geoip_disable: { type: 'boolean', description: 'Accepted; there is no GeoIP here.' },
  },
};

export class FlagReasonDto {
  @ApiProperty({ example: 'condition_match' }) code: string;
  @ApiProperty({ type: 'integer', nullable: true }) condition_index: number | null;
  @ApiProperty({ example: 'Matched condition set 1' }) description: string;
}

export class FlagMetadataDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer', nullable: true }) version: number | null;
  @ApiProperty({ type: String, nullable: true, description: "The flag's description (its `name`)." })
  description: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The payload of the served value, as JSON text; null without one.',
  })
  payload: string | null;
}

export class FlagDetailDto {
  @ApiProperty() key: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ type: String, nullable: true }) variant: string | null;
  @ApiProperty({ type: FlagReasonDto }) reason: FlagReasonDto;
  @ApiProperty({ type: FlagMetadataDto }) metadata: FlagMetadataDto;
}

export class FlagsResponseDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/FlagDetailDto' },
    description: 'Every active flag (or those asked for) by key.',
  })
  flags: Record<string, FlagDetailDto>;
  @ApiProperty() errorsWhileComputingFlags: boolean;
  @ApiProperty({ type: [String] }) quotaLimited: string[];
  @ApiProperty({ format: 'uuid' }) requestId: string;
  @ApiProperty({ type: 'integer', description: 'Epoch milliseconds.' }) evaluatedAt: number;
}

export class LegacyFlagsResponseDto {
  @ApiProperty({ type: 'object', additionalProperties: FLAG_VALUE, description: 'Flag key → variant or true/false.' })
  featureFlags: Record<string, boolean | string>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Flag key → payload (JSON text) of the enabled flags that have one.',
  })
  featureFlagPayloads: Record<string, string>;
  @ApiProperty() errorsWhileComputingFlags: boolean;
}

/** The configuration every `/decide` body below v4 carries (minimal: no remote config here). */
export class DecideConfigDto {
  @ApiProperty({ type: 'object', additionalProperties: true }) config: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) toolbarParams: Record<string, unknown>;
  @ApiProperty({ enum: [false] }) isAuthenticated: boolean;
  @ApiProperty({ type: [String] }) supportedCompression: string[];
  @ApiProperty({ enum: [false] }) sessionRecording: boolean;
}

/** `/decide?v=3`: the legacy `/flags` body (every evaluated flag) with the configuration. */
export class DecideResponseDto extends DecideConfigDto {
  @ApiProperty({ type: 'object', additionalProperties: FLAG_VALUE, description: 'Flag key → variant or true/false.' })
  featureFlags: Record<string, boolean | string>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Flag key → payload (JSON text) of the enabled flags that have one.',
  })
  featureFlagPayloads: Record<string, string>;
  @ApiProperty() errorsWhileComputingFlags: boolean;
}

/** `/decide?v=2`: the enabled flags only, with their values. */
export class DecideV2ResponseDto extends DecideConfigDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: FLAG_VALUE,
    description: 'Enabled flag key → variant or true (disabled flags are left out).',
  })
  featureFlags: Record<string, boolean | string>;
}

/** `/decide` without `v`, or `?v=1`: the keys of the enabled flags. */
export class DecideV1ResponseDto extends DecideConfigDto {
  @ApiProperty({ type: [String], description: 'The keys of the enabled flags.' }) featureFlags: string[];
}

/** The parts of one flag's `/flags` v2 entry that depend only on the project's definitions. */
interface FlagPieces {
  /** `"key":{"key":"key","enabled":` */
  head: string;
  /** `{"id":…,"version":…,"description":…` (the payload and `}` follow). */
  metadata: string;
  /** Payload text → its JSON string. */
  payloads: Map<string, string>;
}

/** Per snapshot (dropped with it): each flag's pieces, made at its first answer. */
const piecesBySnapshot = new WeakMap<ProjectSnapshot, Map<string, FlagPieces>>();

/** The snapshot's pieces by flag key (made empty at its first answer). */
function piecesOfSnapshot(definitions: ProjectSnapshot): Map<string, FlagPieces> {
  let pieces = piecesBySnapshot.get(definitions);
  if (!pieces) piecesBySnapshot.set(definitions, (pieces = new Map()));
  return pieces;
}

function piecesOf(definitions: ProjectSnapshot, pieces: Map<string, FlagPieces>, r: FlagEvaluation): FlagPieces {
  let p = pieces.get(r.key);
  if (!p) {
    const key = JSON.stringify(r.key);
    const description = definitions.byKey.get(r.key)?.name ?? null;
    p = {
      head: `${key}:{"key":${key},"enabled":`,
      metadata: `{"id":${r.id},"version":${JSON.stringify(r.version)},"description":${JSON.stringify(description)}`,
      payloads: new Map(),
    };
    pieces.set(r.key, p);
  }
  return p;
}

/** The JSON of each reason object: made once for those shared between answers (`reason` shares them). */
const reasonsJson = new WeakMap<EvaluationReason, string>();

function reasonJson(why: EvaluationReason): string {
  let json = reasonsJson.get(why);
  if (json === undefined) reasonsJson.set(why, (json = JSON.stringify(why)));
  return json;
}

/**
 * The `/flags` v2 body (FlagsResponseDto: `{flags: {key: {key, enabled, variant, reason,
 * metadata: {id, version, description, payload}}}, errorsWhileComputingFlags, quotaLimited,
 * requestId, evaluatedAt}`, keys in that order), written as text: what depends only on the
 * definitions (a flag's key, metadata and payloads) is serialised once per snapshot, not object
 * by object on every request (the largest cost of a 100-flag answer after the HTTP write).
 */
export function flagsResponseJson(evaluated: Evaluated): string {
  const { definitions, results } = evaluated;
  const pieces = piecesOfSnapshot(definitions);
  let body = '{"flags":{';
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    const p = piecesOf(definitions, pieces, r);
    // PostHog sends the key with null when there is no payload.
    let payload = 'null';
    if (r.payload !== null) {
      let json = p.payloads.get(r.payload);
      if (json === undefined) p.payloads.set(r.payload, (json = JSON.stringify(r.payload)));
      payload = json;
    }
    const variant = r.variant === null ? 'null' : JSON.stringify(r.variant);
    body += `${i > 0 ? ',' : ''}${p.head}${r.enabled},"variant":${variant},"reason":${reasonJson(r.reason)},"metadata":${p.metadata},"payload":${payload}}}`;
  }
  return `${body}},"errorsWhileComputingFlags":false,"quotaLimited":[],"requestId":"${randomUUID()}","evaluatedAt":${Date.now()}}`;
}

export function toLegacyFlagsResponse(evaluated: Evaluated): LegacyFlagsResponseDto {
  const featureFlags: Record<string, boolean | string> = {};
  const featureFlagPayloads: Record<string, string> = {};
  for (const r of evaluated.results) {
    featureFlags[r.key] = r.value;
    if (r.payload !== null) featureFlagPayloads[r.key] = r.payload;
  }
  return { featureFlags, featureFlagPayloads, errorsWhileComputingFlags: false };
}

function decideConfig(): DecideConfigDto {
  return {
    config: { enable_collect_everything: true },
    toolbarParams: {},
    isAuthenticated: false,
    supportedCompression: ['gzip', 'gzip-js'],
    sessionRecording: false,
  };
}

/**
 * The `/decide` body of a response version below 4, as PostHog's flags service answers them
 * (`get_versioned_response`, rust/feature-flags): 3 the legacy `/flags` body, 2 the enabled
 * flags' values, 1 (and no or another version) the enabled flags' keys.
 */
export function toDecideResponse(
  evaluated: Evaluated,
  version: number,
): DecideResponseDto | DecideV2ResponseDto | DecideV1ResponseDto {
  if (version >= 3) return { ...decideConfig(), ...toLegacyFlagsResponse(evaluated) };
  const enabled = evaluated.results.filter((r) => r.enabled);
  if (version >= 2) {
    const featureFlags: Record<string, boolean | string> = {};
    for (const r of enabled) featureFlags[r.key] = r.value;
    return { ...decideConfig(), featureFlags };
  }
  return { ...decideConfig(), featureFlags: enabled.map((r) => r.key) };
}

// ---- OFREP ----

export class OfrepEvaluationRequestDto {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      '`targetingKey` (the distinct id, required), `groups` (`{type: key}`), `groupProperties` (`{type: {...}}`); every other attribute is a person property.',
  })
  context?: Record<string, unknown>;
}

export class OfrepSuccessDto implements OfrepSuccess {
  @ApiProperty() key: string;
  @ApiProperty({ enum: ['TARGETING_MATCH', 'DEFAULT', 'DISABLED', 'ERROR'] }) reason: string;
  @ApiProperty({ description: 'The variant key, or "true"/"false".' }) variant: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    description: '`id`, `version`, `reasonCode` (PostHog reason), `conditionIndex`.',
  })
  metadata: Record<string, string | number | boolean>;
  @ApiPropertyOptional({
    oneOf: [
      { type: 'boolean' },
      { type: 'string' },
      { type: 'number' },
      { type: 'object', additionalProperties: true },
      { type: 'array', items: {} },
    ],
    description:
      'A boolean flag: true/false; a multivariate flag: its variant; a flag with payloads: the payload. Absent: use the code default (the flag is off).',
  })
  value?: unknown;
}

export class OfrepErrorDto {
  @ApiPropertyOptional({ description: 'The flag (single-flag endpoint).' }) key?: string;
  @ApiProperty({ enum: OFREP_ERROR_CODES }) errorCode: string;
  @ApiPropertyOptional() errorDetails?: string;
}

export class OfrepBulkDto {
  @ApiProperty({ type: [OfrepSuccessDto], description: 'Every live flag of the project.' })
  flags: OfrepSuccessDto[];
}

export function toOfrepResults(evaluated: Evaluated): OfrepSuccessDto[] {
  return evaluated.results.map((r) => toOfrepSuccess(evaluated.definitions.byKey.get(r.key)!, r));
}

/** The query of the SDKs' definitions endpoints. */
export class DefinitionsQuery {
  /** The project token (phc_…). */
  @QueryParam((raw) => (typeof raw === 'string' ? raw : undefined))
  @ApiProperty({ type: String, required: true })
  token?: string;

  /**
   * Present (with no value, or true): the cohorts come along. Absent: `cohorts` is `{}` and flags using one plain cohort have it rewritten into person-property conditions.
   */
  @QueryParam(sendCohortsOf)
  @ApiPropertyOptional({ type: String })
  send_cohorts: boolean;
}
