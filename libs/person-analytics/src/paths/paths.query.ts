import { DomainError } from '@app/platform/errors/domain-error';
import type { PropertyFilterGroup } from '@app/targeting';
import { DateRange, parseDateRange } from '../domain/analytics-dates';
import { AnalyticsParams, parseAnalyticsFilter } from '../domain/analytics-params';

export const PATH_TYPES = ['$pageview', '$screen', 'custom_event'] as const;
export type PathType = (typeof PATH_TYPES)[number];

export interface PathKey {
  index: number;
  element: string;
}

export interface PathsQuery {
  range: DateRange;
  properties: PropertyFilterGroup | null;
  types: PathType[];
  startPoint: string | null;
  endPoint: string | null;
  stepLimit: number;
  exclude: string[];
  startKey: PathKey | null;
  endKey: PathKey | null;
  dropoffKey: PathKey | null;
}

function pathKey(p: AnalyticsParams, name: string): PathKey | null {
  const raw = p.string(name);
  if (raw === undefined || raw === '') return null;
  const m = /^(\d{1,4})_(.+)$/s.exec(raw);
  if (!m || Number(m[1]) < 1)
    throw DomainError.invalid(`${name} must look like 2_/pricing (step number, _, element).`, name);
  return { index: Number(m[1]), element: m[2] };
}

/**
 * Persons whose paths (pageviews by URL, screens by name, or custom events by name; split into
 * sessions at 30 minutes of inactivity, repeats collapsed) match: `start_point`/`end_point` cut
 * the paths, `path_start_key`/`path_end_key` (`2_/pricing`) pick an edge, `path_dropoff_key` a
 * last step.
 */
export function pathsQuery(p: AnalyticsParams, now: Date, timeZone = 'UTC'): PathsQuery {
  if (p.has('funnel_paths') || p.has('funnel_filter')) {
    throw DomainError.invalid(
      'Funnel paths are not supported.',
      p.has('funnel_paths') ? 'funnel_paths' : 'funnel_filter',
    );
  }
  let types: PathType[];
  const include = p.json('include_event_types');
  if (include !== undefined) {
    if (
      !Array.isArray(include) ||
      include.length === 0 ||
      !include.every((t) => (PATH_TYPES as readonly unknown[]).includes(t))
    ) {
      throw DomainError.invalid(
        `include_event_types must list some of ${PATH_TYPES.join(', ')}.`,
        'include_event_types',
      );
    }
    types = [...new Set(include as PathType[])];
  } else {
    const type = p.string('path_type') || '$pageview';
    if (!(PATH_TYPES as readonly string[]).includes(type)) {
      throw DomainError.invalid(`path_type must be one of ${PATH_TYPES.join(', ')}.`, 'path_type');
    }
    types = [type as PathType];
  }
  const exclude = p.json('exclude_events');
  if (
    exclude !== undefined &&
    (!Array.isArray(exclude) || !exclude.every((e) => typeof e === 'string' && !e.includes('\u0000')))
  ) {
    throw DomainError.invalid('exclude_events must be a list of events or URLs.', 'exclude_events');
  }
  const point = (name: string) => {
    const v = p.string(name);
    return v === undefined || v === '' ? null : v;
  };
  return {
    range: parseDateRange(p.string('date_from'), p.string('date_to'), now, {}, timeZone),
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
    types,
    startPoint: point('start_point'),
    endPoint: point('end_point'),
    stepLimit: p.int('step_limit', { min: 2, max: 20, fallback: 5 })!,
    exclude: (exclude as string[] | undefined) ?? [],
    startKey: pathKey(p, 'path_start_key'),
    endKey: pathKey(p, 'path_end_key'),
    dropoffKey: pathKey(p, 'path_dropoff_key'),
  };
}
