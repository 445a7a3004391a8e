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
  /** true: the deleted flags instead of the live ones (the console finds them there to restore them). */
  deleted?: boolean;
}

/** Fields `order` accepts (with an optional `-` for descending); PostHog passes any model field to the ORM. */
export const FLAG_ORDER_FIELDS = ['created_at', 'key', 'name', 'active', 'id', 'version'] as const;
export type FlagOrderField = (typeof FLAG_ORDER_FIELDS)[number];

export interface FlagListOrder {
  field: FlagOrderField;
  descending: boolean;
}

/** The list's query as the API names it: a page, the filters, the order. */
export interface FlagListQuery {
  limit: number;
  offset: number;
  active?: boolean | 'STALE';
  search?: string;
  type?: FlagType;
  created_by_id?: number;
  tags?: string[];
  deleted?: boolean;
  order: FlagListOrder;
}

export const DEFAULT_FLAG_ORDER: FlagListOrder = { field: 'created_at', descending: true };

function single(value: unknown, name: string): string | undefined {
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

/**
 * The list's query parameters, one parse each (a value the list cannot apply is a 400 naming
 * the parameter); the query DTO applies them in PostHog's order.
 */
export const flagListParams = {
  active(raw: unknown): boolean | 'STALE' | undefined {
    const active = single(raw, 'active');
    if (active === undefined) return undefined;
    if (active !== 'true' && active !== 'false' && active !== 'STALE') {
      throw DomainError.invalid('active must be true, false or STALE.', 'active');
    }
    return active === 'STALE' ? 'STALE' : active === 'true';
  },
  search(raw: unknown): string | undefined {
    const search = single(raw, 'search');
    return search !== undefined && search.length > 0 ? search : undefined;
  },
  type(raw: unknown): FlagType | undefined {
    const type = single(raw, 'type');
    if (type === undefined) return undefined;
    if (type !== 'boolean' && type !== 'multivariant' && type !== 'experiment') {
      throw DomainError.invalid('type must be one of boolean, multivariant, experiment.', 'type');
    }
    return type;
  },
  createdById(raw: unknown): number | undefined {
    const createdBy = single(raw, 'created_by_id');
    if (createdBy === undefined) return undefined;
    if (!/^\d{1,9}$/.test(createdBy)) throw DomainError.invalid('created_by_id must be a user id.', 'created_by_id');
    return Number(createdBy);
  },
  deleted(raw: unknown): boolean | undefined {
    const deleted = single(raw, 'deleted');
    if (deleted === undefined) return undefined;
    if (deleted !== 'true' && deleted !== 'false')
      throw DomainError.invalid('deleted must be true or false.', 'deleted');
    return deleted === 'true';
  },
  tags(raw: unknown): string[] | undefined {
    const tags = single(raw, 'tags');
    return tags === undefined ? undefined : parseTags(tags);
  },
  order(raw: unknown): FlagListOrder {
    const rawOrder = single(raw, 'order');
    if (rawOrder === undefined || rawOrder === '') return DEFAULT_FLAG_ORDER;
    const descending = rawOrder.startsWith('-');
    const field = descending ? rawOrder.slice(1) : rawOrder;
    if (!(FLAG_ORDER_FIELDS as readonly string[]).includes(field)) {
      throw DomainError.invalid(
        `order must be one of ${FLAG_ORDER_FIELDS.join(', ')} (with - for descending).`,
        'order',
      );
    }
    return { field: field as FlagOrderField, descending };
  },
};
