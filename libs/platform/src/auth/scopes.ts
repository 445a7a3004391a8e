/** Scope objects a personal API key can be granted `:read` / `:write` on. */
export const SCOPE_OBJECTS = [
  'feature_flag',
  'person',
  'event_definition',
  'cohort',
  'organization',
  'organization_member',
  'project',
  'user',
  'activity_log',
  // PostHog's name for its webhook subscriptions' scope object (posthog/scopes.py).
  'webhook',
  'early_access_feature',
] as const;
export type ScopeObject = (typeof SCOPE_OBJECTS)[number];
export type Scope = `${ScopeObject}:${'read' | 'write'}` | '*';

export const ALL_SCOPES: readonly Scope[] = [
  '*',
  ...SCOPE_OBJECTS.flatMap((o) => [`${o}:read`, `${o}:write`] as Scope[]),
];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (ALL_SCOPES as readonly string[]).includes(value);
}

/** `*` grants everything; `x:write` also grants `x:read` (as in PostHog). */
export function scopeAllows(granted: readonly string[], required: Scope): boolean {
  if (granted.includes('*') || granted.includes(required)) return true;
  if (required.endsWith(':read')) return granted.includes(required.replace(/:read$/, ':write'));
  return false;
}

/** The first of `required` that `granted` lacks, or undefined when all are granted. */
export function missingScope(granted: readonly string[], required: readonly Scope[]): Scope | undefined {
  return required.find((s) => !scopeAllows(granted, s));
}
