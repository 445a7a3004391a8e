import { FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { api, ok, Schemas } from '../../api/client';
import { ErrorBanner, errorAt, Field, Pagination, Switch, useLoad } from '../../components/ui';
import { useSession } from '../../session';

type Flag = Schemas['FlagDto'];
const PAGE = 50;
const ORDERS: Array<[string, string]> = [
  ['-created_at', 'Newest first'],
  ['created_at', 'Oldest first'],
  ['key', 'Key A–Z'],
  ['-key', 'Key Z–A'],
  ['-active', 'Enabled first'],
];

export function FlagList() {
  const { projectId, me } = useSession();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [tag, setTag] = useState(params.get('tags') ?? '');
  const q = {
    search: params.get('search') ?? '',
    active: params.get('active') ?? '',
    type: params.get('type') ?? '',
    tags: params.get('tags') ?? '',
    created_by_id: params.get('created_by_id') ?? '',
    deleted: params.get('deleted') ?? '',
    order: params.get('order') ?? '-created_at',
    offset: Number(params.get('offset') ?? 0) || 0,
  };
  const update = (changes: Partial<Record<keyof typeof q, string | number>>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries({ offset: 0, ...changes })) {
        if (v === '' || v === 0 || v === undefined) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });
  const flags = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/feature_flags', {
          params: {
            path: { project_id: String(projectId) },
            query: {
              limit: PAGE,
              offset: q.offset,
              search: q.search || undefined,
              active: (q.active || undefined) as 'true' | 'false' | 'STALE' | undefined,
              type: (q.type || undefined) as 'boolean' | 'multivariant' | 'experiment' | undefined,
              tags: q.tags ? JSON.stringify([q.tags]) : undefined,
              created_by_id: q.created_by_id ? Number(q.created_by_id) : undefined,
              deleted: q.deleted === 'true' ? 'true' : undefined,
              order: q.order as 'key',
            },
          },
        }),
      ),
    [projectId, q.search, q.active, q.type, q.tags, q.created_by_id, q.deleted, q.order, q.offset],
  );
  useEffect(() => setSearch(q.search), [q.search]);
  useEffect(() => setTag(q.tags), [q.tags]);
  const orgId = me.organization?.id;
  const members = useLoad(
    () =>
      orgId
        ? ok(
            api.GET('/api/organizations/{organization_id}/members', {
              params: { path: { organization_id: orgId }, query: { limit: 1000 } },
            }),
          )
        : Promise.resolve(undefined),
    [orgId],
  );
  const creators = (members.data?.results ?? []).map((m) => m.user).sort((a, b) => a.email.localeCompare(b.email));
  const [toggleError, setToggleError] = useState<unknown>();
  const toggle = async (flag: Flag, active: boolean) => {
    setToggleError(undefined);
    try {
      const saved = await ok(
        api.PATCH('/api/projects/{project_id}/feature_flags/{id}', {
          params: { path: { project_id: String(projectId), id: flag.id } },
          body: { active, version: flag.version },
        }),
      );
      if (flags.data)
        flags.set({ ...flags.data, results: flags.data.results.map((f) => (f.id === flag.id ? saved : f)) });
    } catch (e) {
      setToggleError(e);
      flags.reload();
    }
  };
  /** A deleted flag back among the live ones (400 when a live flag took its key meanwhile). */
  const restore = async (flag: Flag) => {
    setToggleError(undefined);
    try {
      await ok(
        api.PATCH('/api/projects/{project_id}/feature_flags/{id}', {
          params: { path: { project_id: String(projectId), id: flag.id } },
          body: { deleted: false, version: flag.version },
        }),
      );
    } catch (e) {
      setToggleError(e);
    }
    flags.reload();
  };
  // Enter in any field of the form applies the search and the tag.
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ search, tags: tag.trim() });
  };

  return (
    <>
      <div className="page-header">
        <h1>Feature flags</h1>
        <NewFlag />
      </div>
      <form className="filters" role="search" onSubmit={onSearch} aria-label="Filter flags">
        <div className="field">
          <label htmlFor="flag-search">Search by key or name</label>
          <input id="flag-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <button type="submit">Search</button>
        <div className="field">
          <label htmlFor="flag-active">Status</label>
          <select
            id="flag-active"
            value={q.deleted === 'true' ? 'deleted' : q.active}
            onChange={(e) =>
              e.target.value === 'deleted'
                ? update({ active: '', deleted: 'true' })
                : update({ active: e.target.value, deleted: '' })
            }
          >
            <option value="">Any</option>
            <option value="true">Enabled</option>
            <option value="false">Disabled</option>
            <option value="STALE">Stale</option>
            <option value="deleted">Deleted</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="flag-type">Type</label>
          <select id="flag-type" value={q.type} onChange={(e) => update({ type: e.target.value })}>
            <option value="">Any</option>
            <option value="boolean">Boolean</option>
            <option value="multivariant">Multiple variants</option>
            <option value="experiment">Experiment</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="flag-tag">Tag</label>
          <input
            id="flag-tag"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            onBlur={() => tag.trim() !== q.tags && update({ tags: tag.trim() })}
          />
        </div>
        <div className="field">
          <label htmlFor="flag-created-by">Created by</label>
          <select
            id="flag-created-by"
            value={q.created_by_id}
            onChange={(e) => update({ created_by_id: e.target.value })}
          >
            <option value="">Anyone</option>
            {creators.length === 0 ? <option value={String(me.id)}>Me</option> : null}
            {q.created_by_id && members.data && !creators.some((u) => String(u.id) === q.created_by_id) ? (
              <option value={q.created_by_id}>User {q.created_by_id}</option>
            ) : null}
            {creators.map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.id === me.id ? `Me (${u.email})` : u.email}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="flag-order">Sort</label>
          <select id="flag-order" value={q.order} onChange={(e) => update({ order: e.target.value })}>
            {ORDERS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
      </form>
      <ErrorBanner error={flags.error ?? toggleError ?? members.error} />
      {flags.data ? (
        <>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Feature flags</caption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Type</th>
                  <th scope="col">Tags</th>
                  <th scope="col">Created by</th>
                  <th scope="col">Enabled</th>
                </tr>
              </thead>
              <tbody>
                {flags.data.results.length === 0 ? (
                  <tr>
                    <td colSpan={5}>No feature flags match.</td>
                  </tr>
                ) : null}
                {flags.data.results.map((f) => (
                  <tr key={f.id}>
                    <td>
                      <Link href={`/feature_flags/${f.id}`}>{f.key}</Link>
                      {f.name ? <div className="muted small">{f.name}</div> : null}
                    </td>
                    <td>{f.filters.multivariate ? 'Multiple variants' : 'Boolean'}</td>
                    <td>{f.tags.join(', ')}</td>
                    <td>{(f.created_by as { email?: string } | null)?.email ?? '—'}</td>
                    <td>
                      {f.deleted ? (
                        <button type="button" aria-label={`Restore ${f.key}`} onClick={() => void restore(f)}>
                          Restore
                        </button>
                      ) : (
                        <Switch checked={f.active} label={`Enable ${f.key}`} onChange={(v) => void toggle(f, v)} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            count={flags.data.count}
            offset={q.offset}
            limit={PAGE}
            onOffset={(o) => update({ offset: o })}
            label="flag"
          />
        </>
      ) : flags.loading ? (
        <p className="loading">Loading…</p>
      ) : null}
    </>
  );
}

/** A new flag needs only its key; the flag's page configures the rest. */
function NewFlag() {
  const { projectId } = useSession();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [active, setActive] = useState(false);
  const [error, setError] = useState<unknown>();
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      const flag = await ok(
        api.POST('/api/projects/{project_id}/feature_flags', {
          params: { path: { project_id: String(projectId) } },
          body: {
            key,
            name: '',
            active,
            filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
          } as unknown as Schemas['CreateFlagDto'],
        }),
      );
      navigate(`/feature_flags/${flag.id}`);
    } catch (err) {
      setError(err);
    }
  };
  if (!open)
    return (
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        New feature flag
      </button>
    );
  return (
    <form onSubmit={create} className="inline-form" aria-label="New feature flag">
      <Field label="New flag key" error={errorAt(error, 'key')}>
        {(p) => <input {...p} value={key} required autoFocus onChange={(e) => setKey(e.target.value)} />}
      </Field>
      <div className="checkbox">
        <input
          id="new-flag-active"
          type="checkbox"
          checked={active}
          aria-describedby="new-flag-active-note"
          onChange={(e) => setActive(e.target.checked)}
        />
        <label htmlFor="new-flag-active">Enabled when created</label>
        <span id="new-flag-active-note" className="muted small">
          {active
            ? 'Created enabled: it serves its release conditions at once.'
            : 'Created disabled: it serves no one until it is turned on.'}
        </span>
      </div>
      <button type="submit" className="primary">
        Create
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      <ErrorBanner error={error} shownAt={['key']} />
    </form>
  );
}
