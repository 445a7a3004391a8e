import { DomainError } from '@app/platform/errors/domain-error';

export type FlagType = 'boolean' | 'multivariant' | 'experiment';

export interface FlagListFilter {
  /** `STALE`: PostHog's stale flags (see `flagStatus`), as of `staleBefore`. */
  active?: boolean | 'STALE';
  /** 30 days before now, for `active: 'STALE'`. */
  staleBefore?: Date;
  /** Case-insensitive substring of the key or the name. */
  search?: string;
  type?: FlagType;
  createdById?: number;
  /** Flags carrying any of these tags. */
  tags?: string[];
}

/** Fields `order` accepts (with an optional `-` for descending); PostHog passes any model field to the ORM. */
export const FLAG_ORDER_FIELDS = ['created_at', 'key', 'name', 'active', 'id', 'version'] as const;
export type FlagOrderField = (typeof FLAG_ORDER_FIELDS)[number];

export interface FlagListOrder {
  field: FlagOrderField;
  descending: boolean;
}

export const DEFAULT_FLAG_ORDER: FlagListOrder = { field: 'created_at', descending: true };

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw DomainError.invalid(`${name} must be given once.`, name);
  if (value.includes('\u0000')) throw DomainError.invalid('Null characters are not allowed.', name);
  return value;
}

function parseTags(raw: string): string[] {
  let tags: unknown = raw;
  if (raw.trim().startsWith('[')) {
    try {
      tags = JSON.parse(raw);
    } catch {
      throw DomainError.invalid('tags must be a JSON list of strings, or one tag.', 'tags');
    }
  }
  const list = Array.isArray(tags) ? tags : [tags];
  if (!list.every((t) => typeof t === 'string')) {
    throw DomainError.invalid('tags must be a JSON list of strings, or one tag.', 'tags');
  }
  return [...new Set((list as string[]).map((t) => t.trim().toLowerCase()).filter((t) => t.length > 0))];
}

/** The list's query parameters; a value the list cannot apply is a 400 naming the parameter. */
export function parseFlagListQuery(query: Record<string, unknown>): { filter: FlagListFilter; order: FlagListOrder } {
  const filter: FlagListFilter = {};
  const active = single(query, 'active');
  if (active !== undefined) {
    if (active !== 'true' && active !== 'false' && active !== 'STALE') {
      throw DomainError.invalid('active must be true, false or STALE.', 'active');
    }
    filter.active = active === 'STALE' ? 'STALE' : active === 'true';
  }
  const search = single(query, 'search');
  if (search !== undefined && search.length > 0) filter.search = search;
  const type = single(query, 'type');
  if (type !== undefined) {
    if (type !== 'boolean' && type !== 'multivariant' && type !== 'experiment') {
      throw DomainError.invalid('type must be one of boolean, multivariant, experiment.', 'type');
    }
    filter.type = type;
  }
  const createdBy = single(query, 'created_by_id');
  if (createdBy !== undefined) {
    if (!/^\d{1,9}$/.test(createdBy)) throw DomainError.invalid('created_by_id must be a user id.', 'created_by_id');
    filter.createdById = Number(createdBy);
  }
  const tags = single(query, 'tags');
  if (tags !== undefined) filter.tags = parseTags(tags);

  let order = DEFAULT_FLAG_ORDER;
  const rawOrder = single(query, 'order');
  if (rawOrder !== undefined && rawOrder !== '') {
    const descending = rawOrder.startsWith('-');
    const field = descending ? rawOrder.slice(1) : rawOrder;
    if (!(FLAG_ORDER_FIELDS as readonly string[]).includes(field)) {
      throw DomainError.invalid(
        `order must be one of ${FLAG_ORDER_FIELDS.join(', ')} (with - for descending).`,
        'order',
      );
    }
    order = { field: field as FlagOrderField, descending };
  }
  return { filter, order };
}
