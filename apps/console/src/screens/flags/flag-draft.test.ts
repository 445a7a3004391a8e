import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  Draft,
  draftErrors,
  filtersErrorAt,
  hasErrors,
  newVariant,
  parseRollout,
  toBody,
  VariantRow,
} from './flag-draft';

const row = (id: number, key: string, rollout: number, payload = ''): VariantRow => ({
  id,
  key,
  name: '',
  rollout_percentage: rollout,
  payload,
});

const draft = (patch: Partial<Draft> = {}): Draft => ({
  key: 'f',
  name: '',
  tags: '',
  active: false,
  ensure_experience_continuity: false,
  evaluation_runtime: 'all',
  evaluation_contexts: '',
  conditions: [{ properties: [], rollout_percentage: 100, variant: null }],
  variants: [],
  payload: '',
  aggregation: null,
  ...patch,
});

const refused = (detail: string, attr = 'filters') =>
  new ApiError(400, { type: 'validation_error', code: 'invalid_input', detail, attr });

describe('the flag draft', () => {
  it('sends each variant row its own payload, whatever keys the other rows have', () => {
    const body = toBody(draft({ variants: [row(0, 'control', 50), row(1, 'test', 50, '{"price": 12}')] }));
    expect(body.filters).toMatchObject({
      multivariate: { variants: [{ key: 'control' }, { key: 'test' }] },
      payloads: { test: '{"price": 12}' },
    });
    expect((body.filters as { multivariate: { variants: object[] } }).multivariate.variants[0]).not.toHaveProperty(
      'payload',
    );
  });

  it('finds empty, repeated and malformed variant keys, by row', () => {
    const errors = draftErrors(
      draft({ variants: [row(0, 'a', 25), row(1, '', 25), row(2, 'a', 25), row(3, 'a b', 25)] }),
    );
    expect(errors.variantKeys).toEqual({
      1: 'Enter a key for this variant.',
      2: 'Another variant has the key "a".',
      3: 'Use only letters, numbers, hyphens (-) and underscores (_).',
    });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(draftErrors(draft({ variants: [row(0, 'a', 50), row(1, 'b', 50)] })))).toBe(false);
  });

  it('reads the rollout box: empty or out of range is an error, until then the box is as typed', () => {
    expect(parseRollout('25')).toEqual({ value: 25 });
    expect(parseRollout('')).toEqual({ error: 'Enter a rollout between 0 and 100.' });
    expect(parseRollout('101')).toEqual({ error: 'Enter a rollout between 0 and 100.' });
    const errors = draftErrors(
      draft({ conditions: [{ properties: [], rollout_percentage: 100, variant: null, rolloutText: '' }] }),
    );
    expect(errors.rollouts).toEqual({ 0: 'Enter a rollout between 0 and 100.' });
  });

  it('gives a new variant a key and an id no row has', () => {
    expect(newVariant([row(0, 'variant-2', 50), row(4, 'b', 50)])).toEqual(row(5, 'variant-3', 0));
  });

  it("places a refused save's filters error at the field it names", () => {
    expect(filtersErrorAt(refused('groups[0].properties[1].key must be a non-empty string.'))).toEqual({
      at: 'filter',
      index: 0,
      filter: 1,
      message: 'Enter a property.',
    });
    expect(filtersErrorAt(refused('multivariate.variants[2].key must be a non-empty string.'))).toEqual({
      at: 'variant',
      index: 2,
      field: 'key',
      message: 'Enter a key.',
    });
    expect(
      filtersErrorAt(refused('groups[1].rollout_percentage must be a number between 0 and 100, or null.')),
    ).toEqual({ at: 'condition', index: 1, field: 'rollout', message: 'Enter a rollout between 0 and 100.' });
    expect(filtersErrorAt(refused('Circular dependency detected: a → b → a'))).toBeUndefined();
    expect(filtersErrorAt(refused('Key taken.', 'key'))).toBeUndefined();
  });
});
