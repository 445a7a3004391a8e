import { ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../api/client';

/** The error of a server answer whose `attr` is one of `attrs` (so a field shows it), else nothing. */
export function errorAt(error: unknown, ...attrs: string[]): string | undefined {
  if (error instanceof ApiError && error.envelope.attr !== null && attrs.includes(error.envelope.attr)) {
    return error.envelope.detail;
  }
  return undefined;
}

/**
 * A refused request's `detail`, unless a field on the screen shows it (its `attr` is in `shownAt`).
 * A 403 says why the person may not do it.
 */
export function ErrorBanner({ error, shownAt = [] }: { error: unknown; shownAt?: string[] }) {
  if (!error) return null;
  if (error instanceof ApiError) {
    if (error.envelope.attr !== null && shownAt.includes(error.envelope.attr)) return null;
    const title = error.status === 403 ? 'Not allowed' : error.status === 409 ? 'Conflict' : 'Error';
    return (
      <div role="alert" className="banner banner-error">
        <strong>{title}:</strong> {error.envelope.detail}
        {error.envelope.attr && error.envelope.attr !== null ? (
          <span className="muted"> ({error.envelope.attr})</span>
        ) : null}
      </div>
    );
  }
  return (
    <div role="alert" className="banner banner-error">
      <strong>Error:</strong> {String((error as Error).message ?? error)}
    </div>
  );
}

/** A labelled control with its hint and the error the server (or the console) gave for it. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {hint ? (
        <div id={`${id}-hint`} className="hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  set: (data: T) => void;
}

/** Loads `load()` when `deps` change; `reload` loads again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const set = useCallback((data: T) => setState({ data, loading: false }), []);
  return { data: state.data, error: state.error, loading: state.loading, reload, set };
}

export function Pagination({
  count,
  offset,
  limit,
  onOffset,
  label,
}: {
  count: number;
  offset: number;
  limit: number;
  onOffset: (o: number) => void;
  label: string;
}) {
  if (count <= limit && offset === 0)
    return <p className="muted">{count === 1 ? `1 ${label}` : `${count} ${label}s`}</p>;
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      <button type="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
        Previous
      </button>
      <span>
        {offset + 1}–{Math.min(offset + limit, count)} of {count}
      </span>
      <button type="button" disabled={offset + limit >= count} onClick={() => onOffset(offset + limit)}>
        Next
      </button>
    </nav>
  );
}

export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={`switch${checked ? ' switch-on' : ''}`}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span aria-hidden="true">{checked ? 'On' : 'Off'}</span>
    </button>
  );
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

/** Tags typed as a comma-separated list. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}
