import { DomainError } from '../errors/domain-error';

/**
 * A required text field: no NUL characters, not blank once trimmed, at most `max` characters
 * counted as PostgreSQL, PostHog and JSON Schema count them (code points, not UTF-16 units).
 * Returns the trimmed value.
 */
export function checkText(value: string, attr: string, max: number): string {
  if (value.includes('\u0000')) {
    throw DomainError.invalid('Null characters are not allowed.', attr, 'null_characters_not_allowed');
  }
  const trimmed = value.trim();
  if (trimmed === '') throw DomainError.invalid('This field may not be blank.', attr, 'blank');
  if ([...trimmed].length > max) {
    throw DomainError.invalid(`Ensure this field has no more than ${max} characters.`, attr, 'max_length');
  }
  return trimmed;
}

export const MAX_TAG_LENGTH = 255;

/** Tags as PostHog stores them: trimmed, lower-cased, de-duplicated (the first occurrence keeps its place). */
export function normalizeTags(tags: readonly string[], attr = 'tags'): string[] {
  return [...new Set(tags.map((tag) => checkText(tag, attr, MAX_TAG_LENGTH).toLowerCase()))];
}

/** A UUID as PostgreSQL reads one (hyphenated, any case): what a path or body id must be before a lookup. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
