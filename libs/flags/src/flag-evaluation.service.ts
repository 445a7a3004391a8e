import { IngestionHooks, PersonForEvaluation, PersonsService } from '@app/persons';
import { Actor, DomainError, metrics, TenancyService } from '@app/platform';
import { EvaluationBudget, TargetingLimits } from '@app/targeting';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { evaluateAll } from './domain/evaluation';
import type { EvaluationContext, FlagEvaluation, Properties } from './domain/evaluation';
import { DefinitionFlag, LocalEvaluationBody, ProjectSnapshot } from './domain/project-snapshot';
import { RemoteConfig, remoteConfigOf, remoteConfigToken } from './domain/remote-config';
import { FlagsRequest } from './domain/sdk-request';
import { EvaluationTurns } from './evaluation-turns';
import { FlagCallCounter } from './flag-calls';
import { ProjectSnapshotsCache } from './project-snapshots.cache';
import { HashKeyOverridesRepository } from './persistence/hash-key-overrides.repository';

/** Key and project pairs whose access stands checked. */
const MAX_CACHED_ACCESS = 10_000;
// posthog-node polls the definitions with the same key and token every few seconds: a key's access
// to a project is checked in the database at most this often (the key itself is cached as long).
const ACCESS_CACHE_MS = 5_000;

const evaluations = metrics.counter('flag_evaluation_requests_total', 'Flag evaluation requests, by endpoint.', [
  'endpoint',
]);
const personLookups = metrics.counter(
  'flag_evaluation_person_lookups_total',
  'Person lookups made while evaluating flags.',
);
const groupLookups = metrics.counter(
  'flag_evaluation_group_lookups_total',
  'Group property lookups made while evaluating flags (one statement per request).',
);

/** The flags an evaluation answered for, with the definitions they came from (for metadata). */
export interface Evaluated {
  definitions: ProjectSnapshot;
  results: FlagEvaluation[];
}

/** A person's value for each live flag (`my_flags`), newest flag first. */
export interface FlagValue {
  flag: DefinitionFlag;
  value: boolean | string;
}

/**
 * Flag evaluation for every caller: SDKs (`/flags`, `/decide`, OFREP), the management helpers
 * (`evaluation_reasons`, `my_flags`) and the definitions endpoints. The server decides every
 * case: stored person and group properties merged with the request's, static cohorts,
 * experience-continuity hash keys. Per request: the compiled definitions from memory, at most
 * one person lookup (with its static cohorts), one group lookup when group flags need it, and
 * hash-key reads only when continuity flags exist.
 */
@Injectable()
export class FlagEvaluationService implements OnModuleInit {
  /** `<key hash>:<project id>` whose access to that project stands checked (for ACCESS_CACHE_MS). */
  private readonly definitionsAccess = new LRUCache<string, true>({ max: MAX_CACHED_ACCESS, ttl: ACCESS_CACHE_MS });
  /** One evaluation per project per turn of the event loop (see EvaluationTurns). */
  private readonly turns = new EvaluationTurns();

  constructor(
    private readonly cache: ProjectSnapshotsCache,
    private readonly persons: PersonsService,
    private readonly hashKeys: HashKeyOverridesRepository,
    private readonly tenancy: TenancyService,
    private readonly ingestionHooks: IngestionHooks,
    private readonly limits: TargetingLimits,
    private readonly calls: FlagCallCounter,
  ) {}

  onModuleInit(): void {
    // Hash keys are per person: they follow persons merged by ingestion.
    this.ingestionHooks.registerMergeListener({
      onPersonsMerged: (m, projectId, merges) => this.hashKeys.moveOnMerge(m, projectId, merges),
    });
  }

  /**
   * The project of a public project token (SDK endpoints); 401 for a missing or unknown one.
   */
  async projectIdByToken(token: string | undefined): Promise<number> {
    if (token === undefined) {
      throw new DomainError(
        'unauthenticated',
        'missing_api_key',
        'API key not provided. You can find your project API key in your project settings.',
        'token',
      );
    }
    const projectId = await this.tenancy.projectIdByToken(token);
    if (projectId === undefined) throw invalidToken();
    return projectId;
  }

  /**
   * posthog-js's remote config for a project token: what Bunting serves, and whether the project
   * has an active flag. 400 for a malformed token, 404 for one of no project (as PostHog).
   */
  async remoteConfig(token: string): Promise<RemoteConfig> {
    const projectId = await this.tenancy.projectIdByToken(remoteConfigToken(token));
    if (projectId === undefined) throw DomainError.notFound();
    const definitions = await this.cache.get(projectId);
    return remoteConfigOf(token, definitions.activeKeys.length > 0);
  }

  /**
   * An SDK request: the flags asked for (every active flag by default); inactive ones are left
   * out, and so are those not served to the request's runtime and evaluation contexts.
   */
  async evaluate(projectId: number, request: FlagsRequest, endpoint: string): Promise<Evaluated> {
    evaluations.inc({ endpoint });
    const definitions = await this.cache.get(projectId);
    const { runtime, evaluationContexts: contexts } = request;
    const keys = request.flagKeys
      ? [...new Set(request.flagKeys)].filter(
          (k) => definitions.byKey.get(k)?.active && definitions.serves(k, runtime, contexts),
        )
      : definitions.servedKeys(runtime, contexts);
    if (keys.length === 0) return { definitions, results: [] };
    const context = await this.context(projectId, definitions, request);
    this.count(projectId, definitions, keys);
    return {
      definitions,
      results: await this.turns.run(projectId, () => evaluateAll(definitions.compiled, context, keys)),
    };
  }

  /**
   * Every live flag, or only `key` (none when it names no live flag): inactive flags answer as
   * disabled (OFREP).
   */
  async evaluateLive(projectId: number, request: FlagsRequest, endpoint: string, key?: string): Promise<Evaluated> {
    evaluations.inc({ endpoint });
    const definitions = await this.cache.get(projectId);
    const { runtime, evaluationContexts: contexts } = request;
    if (key !== undefined && !definitions.serves(key, runtime, contexts)) return { definitions, results: [] };
    const context = await this.context(projectId, definitions, request);
    this.count(projectId, definitions, key === undefined ? definitions.servedKeys(runtime, contexts) : [key]);
    // Inactive flags answer too (as disabled), unless the request's runtime or contexts leave them out.
    const keys = key === undefined ? definitions.servedLiveKeys(runtime, contexts) : [key];
    return {
      definitions,
      results: await this.turns.run(projectId, () => evaluateAll(definitions.compiled, context, keys)),
    };
  }

  /** Every live flag for a distinct id (inactive ones as disabled), as `evaluation_reasons` shows them. */
  async evaluationReasons(projectId: number, distinctId: string, groups: Record<string, string>): Promise<Evaluated> {
    evaluations.inc({ endpoint: 'evaluation_reasons' });
    const definitions = await this.cache.get(projectId);
    const context = await this.context(projectId, definitions, request(distinctId, groups));
    return { definitions, results: await this.turns.run(projectId, () => evaluateAll(definitions.compiled, context)) };
  }

  /** The caller's own value of every live flag: evaluated for its user's distinct id. */
  async myFlags(projectId: number, actor: Actor, groups: Record<string, string>): Promise<FlagValue[]> {
    evaluations.inc({ endpoint: 'my_flags' });
    const definitions = await this.cache.get(projectId);
    const context = await this.context(projectId, definitions, request(actor.distinctId, groups));
    const results = await this.turns.run(projectId, () => evaluateAll(definitions.compiled, context));
    const values = new Map(results.map((r) => [r.key, r.value]));
    return definitions.flags.map((flag) => ({ flag, value: values.get(flag.key) ?? false }));
  }

  /** `{flags, group_type_mapping, cohorts}` of the project and its ETag (made once per change). */
  async localEvaluation(projectId: number, sendCohorts: boolean): Promise<LocalEvaluationBody> {
    const definitions = await this.cache.get(projectId);
    // A poll evaluates every active flag locally: each counts as called (as PostHog counts them).
    this.count(projectId, definitions, definitions.activeKeys);
    return definitions.localEvaluation(sendCohorts);
  }

  /** One SDK call of each flag of `keys` (the stale-flags and usage counts). */
  private count(projectId: number, definitions: ProjectSnapshot, keys: readonly string[]): void {
    if (keys === definitions.activeKeys) return this.calls.record(projectId, definitions.activeIds, true);
    const ids: number[] = [];
    for (const key of keys) {
      const flag = definitions.byKey.get(key);
      if (flag) ids.push(flag.id);
    }
    this.calls.record(projectId, ids);
  }

  /**
   * The definitions of the project a token names, for a personal key's user (posthog-node's
   * local evaluation). A token that names no project of the user's organizations is as good as
   * unknown: 401 either way, so a key cannot probe for other organizations' tokens.
   */
  async definitionsForToken(
    actor: Actor,
    token: string | undefined,
    sendCohorts: boolean,
  ): Promise<LocalEvaluationBody> {
    if (token === undefined || token === '') throw DomainError.required('token');
    const projectId = await this.projectIdByToken(token);
    const access = `${actor.keyHash}:${projectId}`;
    if (!this.definitionsAccess.get(access)) {
      try {
        await this.tenancy.resolveProject(actor, String(projectId));
      } catch (e) {
        if (e instanceof DomainError && e.kind === 'not_found') throw invalidToken();
        throw e;
      }
      this.definitionsAccess.set(access, true);
    }
    return this.localEvaluation(projectId, sendCohorts);
  }

  private async context(
    projectId: number,
    definitions: ProjectSnapshot,
    req: FlagsRequest,
  ): Promise<EvaluationContext> {
    let person: PersonForEvaluation | null = null;
    if (definitions.needsPerson) {
      personLookups.inc();
      person = await this.persons.personByDistinctId(projectId, req.distinctId, {
        staticCohorts: definitions.usesStaticCohorts,
      });
    }
    const staticCohorts = person && person.staticCohortIds.length > 0 ? new Set(person.staticCohortIds) : null;
    return {
      distinctId: req.distinctId,
      personProperties: person ? { ...person.properties, ...req.personProperties } : req.personProperties,
      personMetadata: person ? { created_at: person.createdAt } : undefined,
      groups: req.groups,
      groupProperties: await this.groupProperties(projectId, definitions, req),
      hashKeyOverrides: await this.hashKeyOverrides(projectId, definitions, req, person),
      anonDistinctId: req.anonDistinctId,
      deviceId: req.deviceId,
      isInStaticCohort: staticCohorts ? (id) => staticCohorts.has(id) : undefined,
      budget: new EvaluationBudget(this.limits.regexBudget),
    };
  }

  /** The request's groups' stored properties (those group flags read) under its own overrides. */
  private async groupProperties(
    projectId: number,
    definitions: ProjectSnapshot,
    req: FlagsRequest,
  ): Promise<Record<string, Properties>> {
    const wanted: Array<{ groupTypeIndex: number; groupKey: string; type: string }> = [];
    for (const [type, key] of Object.entries(req.groups)) {
      const index = definitions.groupTypeIndex(type);
      if (index !== undefined && definitions.groupIndexes.has(index)) {
        wanted.push({ groupTypeIndex: index, groupKey: key, type });
      }
    }
    if (wanted.length === 0) return req.groupProperties;
    groupLookups.inc();
    const stored = await this.persons.groupsProperties(projectId, wanted);
    const out: Record<string, Properties> = { ...req.groupProperties };
    for (const group of stored) {
      const type = wanted.find((w) => w.groupTypeIndex === group.groupTypeIndex)!.type;
      out[type] = { ...group.properties, ...req.groupProperties[type] };
    }
    return out;
  }

  /**
   * Experience continuity (only when the project has such flags): with `$anon_distinct_id`, its
   * value becomes the hash key of every continuity flag for the persons of both ids that have
   * none yet (as PostHog does); then the person's hash keys are read.
   */
  private async hashKeyOverrides(
    projectId: number,
    definitions: ProjectSnapshot,
    req: FlagsRequest,
    person: PersonForEvaluation | null,
  ): Promise<Record<string, string> | undefined> {
    if (definitions.continuityKeys.length === 0) return undefined;
    const anon = req.anonDistinctId;
    if (anon !== undefined && anon !== req.distinctId) {
      personLookups.inc();
      const anonPerson = await this.persons.personByDistinctId(projectId, anon);
      const ids = [...new Set([person?.personId, anonPerson?.personId].filter((id): id is number => id !== undefined))];
      if (ids.length === 0) return undefined;
      return this.hashKeys.rememberAndRead(projectId, ids, definitions.continuityKeys, anon, person?.personId ?? null);
    }
    return person ? this.hashKeys.forPerson(projectId, person.personId) : undefined;
  }
}

function request(distinctId: string, groups: Record<string, string>): FlagsRequest {
  return { distinctId, groups, personProperties: {}, groupProperties: {} };
}

function invalidToken(): DomainError {
  return new DomainError(
    'unauthenticated',
    'invalid_api_key',
    'Project API key invalid. You can find your project API key in your project settings.',
    'token',
  );
}
