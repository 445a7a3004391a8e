import { CohortsService } from '@app/cohorts';
import { FlagDefinitionChanges } from '@app/flag-definition-changes';
import { PersonsService } from '@app/persons';
import { HttpConfig, metrics, TenancyService } from '@app/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { ProjectSnapshot } from './domain/project-snapshot';
import { FlagsRepository } from './persistence/flags.repository';

/** How often a cached project's version is compared with the database (backstop for notifications). */
export const SNAPSHOT_RECHECK_MS = 1_000;
/**
 * The same while this process's LISTEN connection is down: the version check is then all there
 * is, and a change must still be served within a second of it.
 */
export const SNAPSHOT_RECHECK_UNHEARD_MS = 200;
/** Projects kept compiled; the least recently used goes first. */
const MAX_PROJECTS = 1_000;

const loads = metrics.counter('flag_definitions_loads_total', 'Projects whose flag definitions were (re)compiled.');
const loadDuration = metrics.histogram('flag_definitions_load_seconds', 'Time to load and compile a project.');
const staleFound = metrics.counter(
  'flag_definitions_stale_total',
  'Cached projects found stale by the version check (a change notification was missed).',
);

interface Entry {
  snapshot?: ProjectSnapshot;
  loading?: Promise<ProjectSnapshot>;
  checkedAt: number;
  checking?: Promise<void>;
}

/**
 * Each project's snapshot for flag evaluation, compiled once and kept in memory until its flags, cohorts or
 * group types change:
 *
 * - a change made by this process drops the project right after its transaction commits
 *   (`FlagDefinitionChanges`), so the next request recompiles;
 * - on PostgreSQL, a change made by another instance arrives by LISTEN/NOTIFY;
 * - and every `SNAPSHOT_RECHECK_MS` at most, a request for a cached project triggers a
 *   background read of its version, in case a notification was lost; every
 *   `SNAPSHOT_RECHECK_UNHEARD_MS` while the LISTEN connection is down (after it comes back,
 *   every project is reloaded).
 *
 * On the embedded database the owning process makes every change itself: the local signal
 * suffices and there is no version check.
 *
 * Requests never wait for that check. A load reads the version first, then the flags and cohorts, so
 * a cached copy never claims a version newer than its content.
 */
@Injectable()
export class ProjectSnapshotsCache implements OnModuleInit {
  private readonly entries = new LRUCache<number, Entry>({ max: MAX_PROJECTS });

  constructor(
    private readonly flags: FlagsRepository,
    private readonly cohorts: CohortsService,
    private readonly persons: PersonsService,
    private readonly changes: FlagDefinitionChanges,
    private readonly config: HttpConfig,
    private readonly tenancy: TenancyService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  onModuleInit(): void {
    // A project's settings (its time zone) are part of its snapshot: a change reloads it here and,
    // through the definitions version, on every instance.
    this.tenancy.onProjectChanged((projectId) => {
      this.changes.record(this.ds.manager, projectId).catch(() => this.entries.delete(projectId));
    });
    this.changes.subscribe((projects) => {
      if (projects === 'all') this.entries.clear();
      else for (const id of projects) this.entries.delete(id);
    });
  }

  /** The project's snapshot: from memory, or loaded once for concurrent callers. */
  get(projectId: number): Promise<ProjectSnapshot> | ProjectSnapshot {
    const entry = this.entries.get(projectId);
    if (entry?.snapshot) {
      const every = this.changes.hearing ? SNAPSHOT_RECHECK_MS : SNAPSHOT_RECHECK_UNHEARD_MS;
      const due = Date.now() - entry.checkedAt >= every;
      if (due && !entry.checking && this.changes.shared) this.check(projectId, entry);
      return entry.snapshot;
    }
    if (entry?.loading) return entry.loading;
    const fresh: Entry = { checkedAt: Date.now() };
    const loading = this.load(projectId).then((snapshot) => {
      // Installed only if no change dropped the entry meanwhile.
      if (this.entries.peek(projectId) === fresh) {
        fresh.snapshot = snapshot;
        fresh.checkedAt = Date.now();
      }
      return snapshot;
    });
    fresh.loading = loading;
    loading.catch(() => this.entries.peek(projectId) === fresh && this.entries.delete(projectId));
    this.entries.set(projectId, fresh);
    return loading;
  }

  private async load(projectId: number): Promise<ProjectSnapshot> {
    const started = process.hrtime.bigint();
    const version = await this.changes.version(projectId);
    const flags = await this.flags.liveDefinitions(projectId);
    const cohorts = await this.cohorts.definitions(projectId);
    const groupTypes = await this.persons.groupTypeMapping(projectId);
    const timeZone = await this.tenancy.timeZone(projectId);
    const snapshot = new ProjectSnapshot(
      projectId,
      version,
      flags,
      cohorts,
      groupTypes,
      {
        maxChainLength: this.config.FLAG_DEPENDENCY_CHAIN_MAX,
        maxTotalKeys: this.config.FLAG_DEPENDENCY_CHAINS_TOTAL_MAX,
      },
      timeZone,
    );
    loads.inc();
    loadDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
    return snapshot;
  }

  private check(projectId: number, entry: Entry): void {
    entry.checking = this.changes
      .version(projectId)
      .then((version) => {
        entry.checkedAt = Date.now();
        if (version !== entry.snapshot?.version && this.entries.peek(projectId) === entry) {
          staleFound.inc();
          this.entries.delete(projectId);
        }
      })
      .catch(() => undefined)
      .finally(() => (entry.checking = undefined));
  }
}
