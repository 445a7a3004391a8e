import { ApiError, type Schemas } from '../../api/client';
import { parseTags } from '../../components/ui';
import { Condition, payloadError, PropertyFilter, splitError, Variant } from './filters';

export type Flag = Schemas['FlagDto'];
export type Runtime = NonNullable<Flag['evaluation_runtime']>;

/** A variant as the editor holds it: its payload travels with the row, whatever its key is as it is typed. */
export type VariantRow = Variant & { id: number; payload: string };

/** A condition set as the editor holds it: `rolloutText` is the rollout box as typed, once touched. */
export type ConditionRow = Condition & { rolloutText?: string };

export interface Draft {
  key: string;
  name: string;
  tags: string;
  active: boolean;
  ensure_experience_continuity: boolean;
  evaluation_runtime: Runtime;
  /** Comma-separated evaluation contexts. */
  evaluation_contexts: string;
  conditions: ConditionRow[];
  variants: VariantRow[];
  /** A boolean flag's payload text (the `true` payload). */
  payload: string;
  /** Match groups of this type instead of persons (null: persons). */
  aggregation: number | null;
}

/** Comma-separated contexts, blanks and repeats dropped. */
export function parseContexts(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== ''),
    ),
  ];
}

export function toDraft(flag: Flag): Draft {
  const filters = flag.filters as unknown as {
    groups?: Array<Partial<Condition>>;
    multivariate?: { variants?: Variant[] } | null;
    payloads?: Record<string, string | null>;
    aggregation_group_type_index?: number | null;
  };
  const payloads = filters.payloads ?? {};
  return {
    key: flag.key,
    name: flag.name,
    tags: flag.tags.join(', '),
    active: flag.active,
    ensure_experience_continuity: flag.ensure_experience_continuity,
    evaluation_runtime: flag.evaluation_runtime ?? 'all',
    evaluation_contexts: flag.evaluation_contexts.join(', '),
    conditions: (filters.groups ?? []).map((g) => ({
      properties: (g.properties ?? []) as PropertyFilter[],
      rollout_percentage: g.rollout_percentage ?? null,
      variant: g.variant ?? null,
    })),
    // Ids by position, so the same flag always gives the same draft (rebaseDraft compares them).
    variants: (filters.multivariate?.variants ?? []).map((v, id) => ({
      id,
      key: v.key,
      name: v.name ?? '',
      rollout_percentage: v.rollout_percentage,
      payload: payloads[v.key] ?? '',
    })),
    payload: payloads.true ?? '',
    aggregation: filters.aggregation_group_type_index ?? null,
  };
}

export function toBody(d: Draft): Schemas['UpdateFlagDto'] {
  const multivariate = d.variants.length > 0;
  const payloads: Record<string, string> = {};
  if (!multivariate && d.payload.trim() !== '') payloads.true = d.payload;
  for (const v of d.variants) if (v.payload.trim() !== '') payloads[v.key] = v.payload;
  return {
    key: d.key,
    name: d.name,
    tags: parseTags(d.tags),
    active: d.active,
    ensure_experience_continuity: d.ensure_experience_continuity,
    evaluation_runtime: d.evaluation_runtime,
    evaluation_contexts: parseContexts(d.evaluation_contexts),
    filters: {
      groups: d.conditions.map((c) => ({
        properties: c.properties,
        rollout_percentage: c.rollout_percentage,
        ...(multivariate && c.variant ? { variant: c.variant } : { variant: null }),
      })),
      multivariate: multivariate
        ? { variants: d.variants.map(({ key, name, rollout_percentage }) => ({ key, name, rollout_percentage })) }
        : null,
      payloads,
      aggregation_group_type_index: d.aggregation,
    } as Schemas['FlagFiltersInputDto'],
  };
}

/** A new variant row: an unused key and id, no payload. */
export function newVariant(rows: VariantRow[]): VariantRow {
  const keys = new Set(rows.map((v) => v.key));
  let n = rows.length + 1;
  while (keys.has(`variant-${n}`)) n++;
  const id = rows.reduce((max, v) => Math.max(max, v.id), -1) + 1;
  return { id, key: `variant-${n}`, name: '', rollout_percentage: 0, payload: '' };
}

/** The rollout box's text as a percentage, or the message that it is not one. */
export function parseRollout(text: string): { value: number } | { error: string } {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value) || value < 0 || value > 100) {
    return { error: 'Enter a rollout between 0 and 100.' };
  }
  return { value };
}

/** What the form itself finds wrong, field by field, before anything is sent. */
export interface DraftErrors {
  split?: string;
  /** A boolean flag's payload. */
  payload?: string;
  /** Per variant row id. */
  variantKeys: Record<number, string>;
  variantPayloads: Record<number, string>;
  /** Per condition set index. */
  rollouts: Record<number, string>;
}

export function draftErrors(d: Draft): DraftErrors {
  const errors: DraftErrors = { variantKeys: {}, variantPayloads: {}, rollouts: {} };
  errors.split = splitError(d.variants);
  if (d.variants.length === 0) errors.payload = payloadError(d.payload);
  const seen = new Set<string>();
  for (const v of d.variants) {
    if (v.key.trim() === '') errors.variantKeys[v.id] = 'Enter a key for this variant.';
    else if (seen.has(v.key)) errors.variantKeys[v.id] = `Another variant has the key "${v.key}".`;
    else if (!/^[A-Za-z0-9_-]+$/.test(v.key)) {
      errors.variantKeys[v.id] = 'Use only letters, numbers, hyphens (-) and underscores (_).';
    }
    seen.add(v.key);
    const payload = payloadError(v.payload);
    if (payload) errors.variantPayloads[v.id] = payload;
  }
  d.conditions.forEach((c, i) => {
    if (c.rolloutText === undefined) return;
    const parsed = parseRollout(c.rolloutText);
    if ('error' in parsed) errors.rollouts[i] = parsed.error;
  });
  return errors;
}

export function hasErrors(e: DraftErrors): boolean {
  return (
    !!e.split || !!e.payload || [e.variantKeys, e.variantPayloads, e.rollouts].some((m) => Object.keys(m).length > 0)
  );
}

/** Where a refused save's `filters` error belongs in the form, and what it says there. */
export type FiltersErrorAt =
  | { at: 'variant'; index: number; field: 'key' | 'name' | 'rollout'; message: string }
  | { at: 'condition'; index: number; field: 'rollout' | 'variant'; message: string }
  | { at: 'filter'; index: number; filter: number; message: string };

/** The server's words for a part of the filters, as the form names it. */
const FIELD_WORDS: Array<[RegExp, string]> = [
  [/^key must be a non-empty string\.?$/, 'Enter a key.'],
  [/^rollout_percentage must be a number between 0 and 100.*$/, 'Enter a rollout between 0 and 100.'],
];

/**
 * A 400 about the filters (`attr` "filters") whose detail names one part of them, as
 * `groups[0].properties[1].key …` or `multivariate.variants[2].key …` does: where the form shows that
 * part, and the message in the form's words. Undefined for any other error.
 */
export function filtersErrorAt(error: unknown): FiltersErrorAt | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || error.envelope.attr !== 'filters') return undefined;
  const detail = error.envelope.detail;
  const words = (rest: string) => FIELD_WORDS.find(([re]) => re.test(rest))?.[1] ?? capitalize(rest);
  let m = /^groups\[(\d+)\]\.properties\[(\d+)\](?:\.(\w+))? (.*)$/.exec(detail);
  if (m) {
    const message =
      m[3] === 'key' && /non-empty/.test(m[4]) ? 'Enter a property.' : capitalize(`${m[3] ?? 'filter'} ${m[4]}`);
    return { at: 'filter', index: Number(m[1]), filter: Number(m[2]), message };
  }
  m = /^groups\[(\d+)\]\.(rollout_percentage|variant) (.*)$/.exec(detail);
  if (m) {
    const field = m[2] === 'variant' ? 'variant' : 'rollout';
    return { at: 'condition', index: Number(m[1]), field, message: words(`${m[2]} ${m[3]}`) };
  }
  m = /^multivariate\.variants\[(\d+)\]\.(key|name|rollout_percentage) (.*)$/.exec(detail);
  if (m) {
    const field = m[2] === 'rollout_percentage' ? 'rollout' : (m[2] as 'key' | 'name');
    return { at: 'variant', index: Number(m[1]), field, message: words(`${m[2]} ${m[3]}`) };
  }
  return undefined;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
