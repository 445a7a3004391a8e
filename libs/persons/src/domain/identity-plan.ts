import { IngestEvent } from './ingest-event';
import { applyPropertyOperations, isIllegalMergeId, Properties, propertyOperationsOf } from './person';

/** A person as stored before the batch. */
export interface LoadedPerson {
  id: number;
  uuid: string;
  properties: Properties;
  isIdentified: boolean;
  createdAt: Date;
}

/** A person's state after the batch. */
export interface PlannedPerson {
  uuid: string;
  /** null for a person this batch creates. */
  existingId: number | null;
  properties: Properties;
  isIdentified: boolean;
  createdAt: Date;
}

/** What a batch does to persons, as set-based writes. Persons are named by uuid (new ones have no id yet). */
export interface IdentityPlan {
  /** Persons to insert. A person created and merged away within the batch is not among them. */
  created: PlannedPerson[];
  /** Stored persons whose row changes. */
  updated: PlannedPerson[];
  /** Stored persons merged into another: their distinct ids and events move to `intoUuid`, then the row goes. */
  merged: Array<{ fromId: number; fromUuid: string; intoUuid: string }>;
  /** Distinct ids that had no person before, in order of first sight, with the person now owning them. */
  newDistinctIds: Array<{ distinctId: string; personUuid: string }>;
  /** Per event, in order: its person's uuid; null for a personless event whose id has no person. */
  eventPersons: Array<string | null>;
  /** Merges PostHog refuses (already identified persons, placeholder ids), for the logs. */
  refusedMerges: Array<{ event: string; distinctId: string; otherDistinctId: string; reason: string }>;
}

class SimPerson {
  changed = false;
  mergedInto: SimPerson | undefined;

  constructor(
    readonly uuid: string,
    readonly existingId: number | null,
    public properties: Properties,
    public isIdentified: boolean,
    public createdAt: Date,
  ) {}

  /** The person this one was merged into, transitively; itself when it was not merged. */
  final(): SimPerson {
    return this.mergedInto ? this.mergedInto.final() : this;
  }

  identify(): void {
    if (this.isIdentified) return;
    this.isIdentified = true;
    this.changed = true;
  }

  planned(): PlannedPerson {
    const { uuid, existingId, properties, isIdentified, createdAt } = this;
    return { uuid, existingId, properties, isIdentified, createdAt };
  }
}

/** The distinct id an identity event merges with the event's own: `$anon_distinct_id` or `alias`. */
export function mergeSourceOf(event: IngestEvent): string | undefined {
  const key =
    event.event === '$identify'
      ? '$anon_distinct_id'
      : ['$create_alias', '$merge_dangerously'].includes(event.event)
        ? 'alias'
        : undefined;
  if (!key) return undefined;
  const value = event.properties[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Every distinct id whose person the batch needs to know. */
export function referencedDistinctIds(events: readonly IngestEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    ids.add(e.distinctId);
    const other = mergeSourceOf(e);
    if (other !== undefined) ids.add(other);
  }
  return [...ids];
}

/**
 * Runs the batch's events, in order, over the persons they reference, as PostHog's person
 * processing does: a new distinct id gets a person; `$identify` (with `$anon_distinct_id`),
 * `$create_alias` and `$merge_dangerously` link or merge two ids' persons (an already identified
 * person is merged only by `$merge_dangerously`; the event's own person's properties win) and
 * mark the event's person identified; `$set_once`, `$set` and `$unset` apply to the event's person.
 * Personless events touch no person. Sequences inside one batch (capture then identify of the
 * same anonymous id) come out as if the events had been processed one by one.
 */
export function planIdentity(
  events: readonly IngestEvent[],
  loaded: ReadonlyMap<string, LoadedPerson>,
  newUuid: () => string,
): IdentityPlan {
  const planner = identityPlanner(loaded, newUuid);
  for (const event of events) planner.add(event);
  return planner.plan();
}

/** `planIdentity` one event at a time, so that a large batch can be planned in slices. */
export interface IdentityPlanner {
  /** Runs the batch's next event. */
  add(event: IngestEvent): void;
  /** The plan of the events added so far. */
  plan(): IdentityPlan;
}

export function identityPlanner(loaded: ReadonlyMap<string, LoadedPerson>, newUuid: () => string): IdentityPlanner {
  const stored = new Map<number, SimPerson>();
  const owner = new Map<string, SimPerson>();
  for (const [distinctId, p] of loaded) {
    let sim = stored.get(p.id);
    if (!sim) {
      sim = new SimPerson(p.uuid, p.id, { ...p.properties }, p.isIdentified, p.createdAt);
      stored.set(p.id, sim);
    }
    owner.set(distinctId, sim);
  }
  const created: SimPerson[] = [];
  const mergedAway: SimPerson[] = [];
  const newIds: string[] = [];
  const refusedMerges: IdentityPlan['refusedMerges'] = [];

  const personOf = (distinctId: string) => owner.get(distinctId)?.final();
  const attach = (distinctId: string, person: SimPerson) => {
    owner.set(distinctId, person);
    newIds.push(distinctId);
  };
  const create = (distinctId: string, createdAt: Date) => {
    const person = new SimPerson(newUuid(), null, {}, false, createdAt);
    created.push(person);
    attach(distinctId, person);
    return person;
  };
  const mergePersons = (other: SimPerson, into: SimPerson) => {
    into.properties = { ...other.properties, ...into.properties };
    if (other.createdAt < into.createdAt) into.createdAt = other.createdAt;
    into.isIdentified = true;
    into.changed = true;
    other.mergedInto = into;
    if (other.existingId !== null) mergedAway.push(other);
  };
  /** Returns false when the ids are the same or placeholders; otherwise the event's person becomes identified. */
  const merge = (event: IngestEvent, otherId: string): boolean => {
    const intoId = event.distinctId;
    if (otherId === intoId) return false;
    const refuse = (reason: string) =>
      refusedMerges.push({ event: event.event, distinctId: intoId, otherDistinctId: otherId, reason });
    if (isIllegalMergeId(intoId) || isIllegalMergeId(otherId)) {
      refuse('illegal_distinct_id');
      return false;
    }
    const other = personOf(otherId);
    const into = personOf(intoId);
    if (!other && !into) attach(otherId, create(intoId, event.timestamp));
    else if (other && !into) attach(intoId, other);
    else if (!other && into) attach(otherId, into);
    else if (other !== into) {
      // Only $merge_dangerously folds an identified person into another.
      if (other!.isIdentified && event.event !== '$merge_dangerously') refuse('already_identified');
      else mergePersons(other!, into!);
    }
    return true;
  };

  const eventIds: string[] = [];
  const eventPeople: Array<SimPerson | undefined> = [];
  const personOfEvent = (event: IngestEvent): SimPerson | undefined => {
    if (!event.processPerson) return personOf(event.distinctId);
    const other = mergeSourceOf(event);
    const identifies = other !== undefined && merge(event, other);
    const person = personOf(event.distinctId) ?? create(event.distinctId, event.timestamp);
    if (applyPropertyOperations(person.properties, propertyOperationsOf(event.properties))) person.changed = true;
    if (identifies) person.identify();
    return person;
  };

  return {
    add: (event) => {
      eventIds.push(event.distinctId);
      eventPeople.push(personOfEvent(event));
    },
    plan: () => ({
      created: created.filter((p) => !p.mergedInto).map((p) => p.planned()),
      updated: [...stored.values()].filter((p) => !p.mergedInto && p.changed).map((p) => p.planned()),
      merged: mergedAway.map((p) => ({ fromId: p.existingId!, fromUuid: p.uuid, intoUuid: p.final().uuid })),
      newDistinctIds: newIds.map((distinctId) => ({ distinctId, personUuid: personOf(distinctId)!.uuid })),
      // A personless event whose id got a person later in the batch belongs to that person.
      eventPersons: eventPeople.map((p, i) => (p ?? personOf(eventIds[i]))?.final().uuid ?? null),
      refusedMerges,
    }),
  };
}
