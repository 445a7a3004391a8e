import { createHash } from 'node:crypto';
import { EvaluationRuntime, servedTo } from './evaluation-runtime';
import { compileFlags, flagsWithExperienceContinuity, localEvaluationDefinitions, NO_CHAIN_LIMITS } from './evaluation';
import type {
  ChainLimits,
  CohortDefinition,
  CompiledProject,
  FlagDefinition,
  FlagFilters,
  PropertyFilter,
} from './evaluation';

/** A live flag as the definitions endpoints ship it (PostHog's MinimalFeatureFlagSerializer). */
export interface DefinitionFlag extends FlagDefinition {
  team_id: number;
  name: string;
  filters: FlagFilters;
  deleted: false;
  ensure_experience_continuity: boolean;
  has_encrypted_payloads: boolean;
  version: number;
  /** `server`, `client` or `all`; absent when never set (as `all`). SDKs filter their definitions by it. */
  evaluation_runtime?: EvaluationRuntime;
  evaluation_contexts?: string[];
}

/**
 * The cached body of a local-evaluation endpoint (PostHog's flag definitions): its JSON as UTF-8
 * bytes and its strong ETag, made once. Bytes, not text: Express encodes a string body again on
 * every response (42 % of the 200's CPU with 300 flags).
 */
export interface LocalEvaluationBody {
  json: Buffer;
  etag: string;
}

/**
 * A snapshot of a project for flag evaluation, taken once per change of its flags, cohorts or
 * group types: the engine's compiled structure, what a request must fetch (the person? static
 * cohorts? groups? hash keys?), and the local-evaluation bodies with their ETags (made on first
 * use). "Definitions" is kept for what PostHog calls so: the flags and cohorts shipped to SDKs.
 */
export class ProjectSnapshot {
  readonly compiled: CompiledProject;
  /** Keys of the active flags, newest flag first (what `/flags` answers for). */
  readonly activeKeys: readonly string[];
  /** Ids of the active flags, in the same order (one list for every request's call count). */
  readonly activeIds: readonly number[];
  /** Live flags by key. */
  readonly byKey: ReadonlyMap<string, DefinitionFlag>;
  /** Some active flag reads person properties or cohorts: requests look the person up. */
  readonly needsPerson: boolean;
  /** Some cohort is static: the person lookup also fetches its static cohorts. */
  readonly usesStaticCohorts: boolean;
  /** Active flags bucketed by a remembered hash key. */
  readonly continuityKeys: readonly string[];
  /** Group type indexes active flags aggregate by or read properties of. */
  readonly groupIndexes: ReadonlySet<number>;
  private readonly bodies = new Map<boolean, LocalEvaluationBody>();
  /** Some live flag is limited to a runtime or to contexts. */
  private readonly restricted: boolean;
  private readonly keysByRuntime = new Map<EvaluationRuntime | null, readonly string[]>();

  constructor(
    readonly projectId: number,
    /** `flag_definition_versions.version` read before the definitions. */
    readonly version: number,
    /** Live flags, newest first. */
    readonly flags: readonly DefinitionFlag[],
    readonly cohorts: readonly CohortDefinition[],
    readonly groupTypeMapping: Readonly<Record<string, string>>,
    private readonly chainLimits: ChainLimits = NO_CHAIN_LIMITS,
    /** The project's time zone (an IANA name): dates without a zone are its wall-clock time. */
    readonly timeZone = 'UTC',
  ) {
    this.compiled = compileFlags(flags, cohorts, { groupTypeMapping, timeZone });
    this.byKey = new Map(flags.map((f) => [f.key, f]));
    const active = flags.filter((f) => f.active);
    this.activeKeys = active.map((f) => f.key);
    this.activeIds = active.map((f) => f.id);
    this.continuityKeys = flagsWithExperienceContinuity(this.compiled);
    const usage = analyse(active);
    this.needsPerson = usage.person || this.continuityKeys.length > 0;
    this.usesStaticCohorts = usage.cohorts && cohorts.some((c) => c.is_static);
    this.groupIndexes = usage.groups;
    this.restricted = flags.some(
      (f) => (f.evaluation_runtime ?? 'all') !== 'all' || (f.evaluation_contexts ?? []).length > 0,
    );
  }

  /**
   * Keys of the active flags served to a request of `runtime` with `contexts` (PostHog's runtime
   * and context filters); `activeKeys` itself when no flag is left out. Undefined runtime: every runtime.
   */
  servedKeys(runtime: EvaluationRuntime | null | undefined, contexts?: readonly string[]): readonly string[] {
    if (!this.restricted || (runtime === undefined && !contexts?.length)) return this.activeKeys;
    const effective = runtime === undefined ? 'all' : runtime;
    const cacheable = !contexts?.length;
    const cached = cacheable ? this.keysByRuntime.get(effective) : undefined;
    if (cached) return cached;
    const keys = this.activeKeys.filter((k) => servedTo(this.byKey.get(k)!, effective, contexts));
    const served = keys.length === this.activeKeys.length ? this.activeKeys : keys;
    if (cacheable) this.keysByRuntime.set(effective, served);
    return served;
  }

  /** Keys of the live flags (inactive ones too) served as `servedKeys` says; undefined when all are. */
  servedLiveKeys(runtime: EvaluationRuntime | null | undefined, contexts?: readonly string[]): string[] | undefined {
    if (!this.restricted || (runtime === undefined && !contexts?.length)) return undefined;
    const keys = this.flags.filter((f) => this.serves(f.key, runtime, contexts)).map((f) => f.key);
    return keys.length === this.flags.length ? undefined : keys;
  }

  /** Whether the live flag `key` is served to a request of `runtime` with `contexts`. */
  serves(key: string, runtime: EvaluationRuntime | null | undefined, contexts?: readonly string[]): boolean {
    const flag = this.byKey.get(key);
    return flag !== undefined && servedTo(flag, runtime === undefined ? 'all' : runtime, contexts);
  }

  /** The group type index of a group type name, or undefined. */
  groupTypeIndex(name: string): number | undefined {
    for (const [index, type] of this.compiled.groupTypeMapping) if (type === name) return index;
    return undefined;
  }

  /** `{flags, group_type_mapping, cohorts}` and its ETag, built on first use. */
  localEvaluation(sendCohorts: boolean): LocalEvaluationBody {
    let body = this.bodies.get(sendCohorts);
    if (!body) {
      const shipped = localEvaluationDefinitions(this.flags, this.cohorts, {
        sendCohorts,
        chainLimits: this.chainLimits,
      });
      const text = JSON.stringify({
        flags: shipped.flags,
        group_type_mapping: this.groupTypeMapping,
        cohorts: shipped.cohorts,
      });
      // Memory of its own: Buffer.from would make a small body a slice of Node's shared 8 KiB pool,
      // which the cached body would then keep alive whole.
      const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
      json.write(text);
      body = { json, etag: strongEtag(json) };
      this.bodies.set(sendCohorts, body);
    }
    return body;
  }
}

/** A strong ETag over `text` or its UTF-8 bytes (a content hash: the same definitions always get the same tag). */
export function strongEtag(text: string | Buffer): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;
}

/** Which kinds of data the flags' conditions read. */
function analyse(flags: readonly DefinitionFlag[]): { person: boolean; cohorts: boolean; groups: Set<number> } {
  const out = { person: false, cohorts: false, groups: new Set<number>() };
  const visit = (p: PropertyFilter, aggregation: number | null) => {
    switch (p.type ?? (aggregation === null ? 'person' : 'group')) {
      case 'cohort':
        out.cohorts = true;
        out.person = true;
        break;
      case 'group': {
        const index = p.group_type_index ?? aggregation;
        if (index !== null && index !== undefined) out.groups.add(index);
        break;
      }
      case 'flag':
        break;
      default:
        out.person = true;
    }
  };
  for (const flag of flags) {
    const filters = flag.filters;
    const aggregation = filters.aggregation_group_type_index ?? null;
    if (aggregation !== null) out.groups.add(aggregation);
    if (filters.feature_enrollment === true || (filters.super_groups ?? []).length > 0) out.person = true;
    if (flag.bucketing_identifier === 'device_id') out.person = true;
    for (const condition of filters.groups ?? []) {
      const own = condition.aggregation_group_type_index;
      const effective = own === undefined ? aggregation : own;
      if (effective !== null) out.groups.add(effective);
      for (const p of condition.properties ?? []) visit(p, effective);
    }
  }
  return out;
}
