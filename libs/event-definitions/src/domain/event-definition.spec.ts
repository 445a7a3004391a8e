import { DomainError } from '@app/platform/errors/domain-error';
import {
  activityView,
  applyChanges,
  EventDefinition,
  normalizeDescription,
  normalizeName,
  parseChanges,
  parseDateTime,
  parseDefinitionId,
} from './event-definition';

function errorOf(fn: () => unknown): [string, string | null] | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return [(e as DomainError).code, (e as DomainError).attr];
  }
}

const definition: EventDefinition = {
  id: '0b0f8c1e-7e0c-4a43-9d55-6d6a9d1f0c01',
  projectId: 1,
  name: 'signed up',
  description: '',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  lastSeenAt: new Date('2026-01-02T00:00:00Z'),
  lastUpdatedAt: new Date('2026-01-01T00:00:00Z'),
  tags: [],
  postToSlack: false,
  createdBy: null,
  volume30Day: null,
};

describe('event definition rules', () => {
  it('accepts UUID ids only', () => {
    expect(parseDefinitionId('0B0F8C1E-7E0C-4A43-9D55-6D6A9D1F0C01')).toBe(definition.id);
    expect(parseDefinitionId('42')).toBeNull();
    expect(parseDefinitionId(`${definition.id}x`)).toBeNull();
  });

  it('trims names and refuses blank, over-long and NUL-bearing ones', () => {
    expect(normalizeName('  sign up ')).toBe('sign up');
    expect(normalizeName('x'.repeat(400))).toHaveLength(400);
    expect(normalizeName('🐦'.repeat(400))).toHaveLength(800);
    expect(errorOf(() => normalizeName('   '))).toEqual(['blank', 'name']);
    expect(errorOf(() => normalizeName('x'.repeat(401)))).toEqual(['max_length', 'name']);
    expect(errorOf(() => normalizeName('🐦'.repeat(401)))).toEqual(['max_length', 'name']);
    expect(errorOf(() => normalizeName('a\u0000b'))).toEqual(['null_characters_not_allowed', 'name']);
  });

  it('trims descriptions, lets them be blank (null clears them), refuses over-long and NUL-bearing ones', () => {
    expect(normalizeDescription('  Someone signed up. ')).toBe('Someone signed up.');
    expect(normalizeDescription('   ')).toBe('');
    expect(normalizeDescription(null)).toBe('');
    expect(normalizeDescription('🐦'.repeat(1000))).toHaveLength(2000);
    expect(errorOf(() => normalizeDescription('x'.repeat(1001)))).toEqual(['max_length', 'description']);
    expect(errorOf(() => normalizeDescription('a\u0000b'))).toEqual(['null_characters_not_allowed', 'description']);
  });

  it('reads ISO 8601 date-times as DRF does (no zone: UTC)', () => {
    const iso = (raw: string) => parseDateTime(raw, 'created_at').toISOString();
    expect(iso('2026-03-04T05:06:07.123456Z')).toBe('2026-03-04T05:06:07.123Z');
    expect(iso('2026-03-04T05:06:07')).toBe('2026-03-04T05:06:07.000Z');
    expect(iso('2026-03-04 05:06')).toBe('2026-03-04T05:06:00.000Z');
    expect(iso('2026-03-04T05:06:07+02:00')).toBe('2026-03-04T03:06:07.000Z');
    expect(iso('2026-03-04T05:06:07-0130')).toBe('2026-03-04T06:36:07.000Z');
    expect(iso('2026-03-04')).toBe('2026-03-04T00:00:00.000Z');
    expect(iso('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z');
    for (const bad of [
      '',
      'yesterday',
      '2026-02-30',
      '2026-13-01',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:61Z',
      '0000-01-01',
      '2026-01-01T00:00:00+25:00',
      '1767225600',
      '9999-12-31T23:00:00-02:00',
      '0001-01-01T00:30:00+01:00',
    ]) {
      expect(errorOf(() => parseDateTime(bad, 'last_seen_at'))).toEqual(['invalid_input', 'last_seen_at']);
    }
  });

  it('turns a PATCH body into changes, null clearing dates', () => {
    expect(parseChanges({})).toEqual({});
    expect(
      parseChanges({
        name: ' renamed ',
        description: ' What it means ',
        created_at: null,
        last_seen_at: '2026-01-05T00:00:00Z',
        tags: ['A', 'a'],
        post_to_slack: true,
      }),
    ).toEqual({
      name: 'renamed',
      description: 'What it means',
      createdAt: null,
      lastSeenAt: new Date('2026-01-05T00:00:00Z'),
      tags: ['a'],
      postToSlack: true,
    });
    expect(errorOf(() => parseChanges({ name: '', created_at: 'x' }))).toEqual(['blank', 'name']);
    expect(errorOf(() => parseChanges({ description: 'x'.repeat(1001), created_at: 'x' }))).toEqual([
      'max_length',
      'description',
    ]);
  });

  it('applies changes and shows them to the activity diff under API names', () => {
    const after = applyChanges(definition, { tags: ['x'], lastSeenAt: null });
    expect(after).toEqual({ ...definition, tags: ['x'], lastSeenAt: null });
    expect(activityView(after)).toEqual({
      name: 'signed up',
      description: '',
      created_at: '2026-01-01T00:00:00.000Z',
      last_seen_at: null,
      tags: ['x'],
      post_to_slack: false,
    });
  });
});
