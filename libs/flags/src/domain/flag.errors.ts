import { DomainError } from '@app/platform/errors/domain-error';

/** Python's repr of a JSON value, as PostHog's messages show values (`['a', 1]`, `None`, `True`). */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`)
      .join(', ')}}`;
  }
  return String(value);
}

/** Every `filters` failure names the field `filters`, as PostHog's `validate_filters` does. */
export function invalidFilters(detail: string, code = 'invalid_input'): DomainError {
  return DomainError.invalid(detail, 'filters', code);
}

export const FlagErrors = {
  keyTaken: () => DomainError.unique('There is already a feature flag with this key.', 'key'),
  keyFormat: () =>
    DomainError.invalid('Only letters, numbers, hyphens (-) & underscores (_) are allowed.', 'key', 'invalid_key'),
  blank: (attr: string) => DomainError.invalid('This field may not be blank.', attr, 'blank'),
  maxLength: (attr: string, max: number) =>
    DomainError.invalid(`Ensure this field has no more than ${max} characters.`, attr, 'max_length'),
  nullCharacters: (attr: string) =>
    DomainError.invalid('Null characters are not allowed.', attr, 'null_characters_not_allowed'),
  versionConflict: (by: string | null) =>
    DomainError.conflict(
      `The feature flag was updated by ${by ?? 'another user'} since you started editing it. Please refresh and try again.`,
    ),
  dashboardMissing: (id: number) =>
    DomainError.invalid(`Invalid pk "${id}" - object does not exist.`, 'analytics_dashboards', 'does_not_exist'),
  hasDependents: (dependents: Array<{ id: number; key: string }>) =>
    DomainError.invalid(
      `Cannot delete this feature flag because other flags depend on it: ${dependents
        .map((d) => `${d.key} (ID: ${d.id})`)
        .join(', ')}`,
      'deleted',
    ),
};
