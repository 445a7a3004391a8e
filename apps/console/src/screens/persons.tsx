import { FormEvent, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { api, ok, Schemas } from '../api/client';
import { ErrorBanner, errorAt, Field, formatDate, Pagination, useLoad } from '../components/ui';
import { useSession } from '../session';
import { showValue, timelineChanges } from './timeline';

type Person = Schemas['PersonDto'];
const PAGE = 50;

export function PersonList() {
  const { projectId } = useSession();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const propKey = params.get('property') ?? '';
  const propValue = params.get('value') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const [text, setText] = useState(search);
  const [key, setKey] = useState(propKey);
  const [value, setValue] = useState(propValue);
  const properties = propKey
    ? JSON.stringify([{ key: propKey, value: propValue, operator: 'exact', type: 'person' }])
    : undefined;
  const persons = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/persons', {
          params: {
            path: { project_id: String(projectId) },
            query: { search: search || undefined, properties, limit: PAGE, offset },
          },
        }),
      ),
    [projectId, search, properties, offset],
  );
  const go = (s: string, o: number, k = propKey, v = propValue) =>
    setParams(() => {
      const p = new URLSearchParams();
      if (s) p.set('search', s);
      if (k) p.set('property', k);
      if (k) p.set('value', v);
      if (o) p.set('offset', String(o));
      return p;
    });
  const list = persons.data as { count?: number; results: Person[] } | undefined;
  const csv =
    `/api/projects/${projectId}/persons/?format=csv` +
    (search ? `&search=${encodeURIComponent(search)}` : '') +
    (properties ? `&properties=${encodeURIComponent(properties)}` : '');
  return (
    <>
      <div className="page-header">
        <h1>Persons</h1>
        <a href={csv} download="persons.csv">
          Export CSV
        </a>
      </div>
      <form
        role="search"
        aria-label="Find persons"
        className="filters"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          go(text.trim(), 0, key.trim(), value);
        }}
      >
        <div className="field">
          <label htmlFor="person-search">Email or distinct id</label>
          <input id="person-search" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="person-property">Property</label>
          <input id="person-property" value={key} onChange={(e) => setKey(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="person-property-value">equals</label>
          <input id="person-property-value" value={value} onChange={(e) => setValue(e.target.value)} />
        </div>
        <button type="submit">Search</button>
      </form>
      <ErrorBanner error={persons.error} />
      {list ? (
        <>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Persons</caption>
              <thead>
                <tr>
                  <th scope="col">Person</th>
                  <th scope="col">Distinct ids</th>
                  <th scope="col">First seen</th>
                </tr>
              </thead>
              <tbody>
                {list.results.length === 0 ? (
                  <tr>
                    <td colSpan={3}>No persons match.</td>
                  </tr>
                ) : null}
                {list.results.map((p) => (
                  <tr key={p.uuid}>
                    <td>
                      <Link href={`/persons/${p.uuid}`}>{p.name || p.distinct_ids[0] || p.uuid}</Link>
                    </td>
                    <td>{p.distinct_ids.slice(0, 3).join(', ')}</td>
                    <td>{formatDate(p.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            count={list.count ?? list.results.length}
            offset={offset}
            limit={PAGE}
            onOffset={(o) => go(search, o)}
            label="person"
          />
        </>
      ) : null}
    </>
  );
}

export function PersonPage() {
  const { projectId } = useSession();
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const path = { project_id: String(projectId), id };
  const person = useLoad(
    () => ok(api.GET('/api/projects/{project_id}/persons/{id}', { params: { path } })),
    [projectId, id],
  );
  const [error, setError] = useState<unknown>();
  const [status, setStatus] = useState('');
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const [deleteEvents, setDeleteEvents] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (person.error) return <ErrorBanner error={person.error} />;
  if (!person.data) return <p className="loading">Loading…</p>;
  const p = person.data as Person;
  const setProperty = async (key: string, raw: string) => {
    setError(undefined);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    try {
      await ok(
        api.POST('/api/projects/{project_id}/persons/{id}/update_property', {
          params: { path },
          body: { key, value } as never,
        }),
      );
      setStatus(`Set ${key}.`);
      person.reload();
      return true;
    } catch (e) {
      setError(e);
      return false;
    }
  };
  const deleteProperty = async (key: string) => {
    setError(undefined);
    try {
      await ok(
        api.POST('/api/projects/{project_id}/persons/{id}/delete_property', {
          params: { path },
          body: { $unset: key } as never,
        }),
      );
      setStatus(`Deleted ${key}.`);
      person.reload();
    } catch (e) {
      setError(e);
    }
  };
  const deletePerson = async () => {
    setError(undefined);
    try {
      await ok(
        api.DELETE('/api/projects/{project_id}/persons/{id}', {
          params: { path, query: { delete_events: deleteEvents } },
        }),
      );
      navigate(`/persons?deleted=${encodeURIComponent(p.name || p.uuid)}`);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <>
      <p>
        <Link href="/persons">← Persons</Link>
      </p>
      <h1>{p.name || p.distinct_ids[0] || p.uuid}</h1>
      <ErrorBanner error={error} shownAt={['key', 'value']} />
      {status ? (
        <p role="status" className="banner">
          {status}
        </p>
      ) : null}
      <section className="card" aria-labelledby="properties-title">
        <h2 id="properties-title">Properties</h2>
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Properties</caption>
            <thead>
              <tr>
                <th scope="col">Property</th>
                <th scope="col">Value</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(p.properties as Record<string, unknown>).map(([k, v]) => (
                <PropertyRow
                  key={k}
                  name={k}
                  value={v}
                  onSave={(raw) => setProperty(k, raw)}
                  onDelete={() => void deleteProperty(k)}
                />
              ))}
            </tbody>
          </table>
        </div>
        <form
          className="inline-form"
          aria-label="Add a property"
          onSubmit={async (e) => {
            e.preventDefault();
            if (await setProperty(newKey, newValue)) {
              setNewKey('');
              setNewValue('');
            }
          }}
        >
          <Field label="New property" error={errorAt(error, 'key')}>
            {(a) => <input {...a} value={newKey} required onChange={(e) => setNewKey(e.target.value)} />}
          </Field>
          <Field label="Value" error={errorAt(error, 'value')}>
            {(a) => <input {...a} value={newValue} onChange={(e) => setNewValue(e.target.value)} />}
          </Field>
          <button type="submit">Set property</button>
        </form>
      </section>
      <section className="card" aria-labelledby="ids-title">
        <h2 id="ids-title">Distinct ids</h2>
        <ul>
          {p.distinct_ids.map((d) => (
            <li key={d}>
              <code>{d}</code>
            </li>
          ))}
        </ul>
        <p className="muted small">
          uuid <code>{p.uuid}</code> · first seen {formatDate(p.created_at)}
        </p>
      </section>
      <PersonCohorts personId={p.id} />
      <PropertiesTimeline personId={p.id} />
      <section className="card danger-zone" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete this person</h2>
        <div className="checkbox">
          <input
            id="delete-events"
            type="checkbox"
            checked={deleteEvents}
            onChange={(e) => setDeleteEvents(e.target.checked)}
          />
          <label htmlFor="delete-events">Also delete their events</label>
        </div>
        {confirming ? (
          <div role="alertdialog" aria-labelledby="confirm-delete" className="confirm">
            <p id="confirm-delete">
              Delete {p.name || p.uuid}
              {deleteEvents ? ' and their events' : ''}? This cannot be undone.
            </p>
            <button type="button" className="danger" onClick={() => void deletePerson()}>
              Yes, delete
            </button>{' '}
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Delete person
          </button>
        )}
      </section>
    </>
  );
}

function PropertyRow({
  name,
  value,
  onSave,
  onDelete,
}: {
  name: string;
  value: unknown;
  onSave: (raw: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(shown);
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        {editing ? (
          <form
            className="inline-form"
            onSubmit={async (e) => {
              e.preventDefault();
              if (await onSave(text)) setEditing(false);
            }}
          >
            <input aria-label={`Value of ${name}`} value={text} autoFocus onChange={(e) => setText(e.target.value)} />
            <button type="submit">Save</button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <code>{shown}</code>
        )}
      </td>
      <td className="row-actions">
        {editing ? null : (
          <>
            <button
              type="button"
              className="link"
              onClick={() => (setText(shown), setEditing(true))}
              aria-label={`Edit ${name}`}
            >
              Edit
            </button>
            <button type="button" className="link danger" onClick={onDelete} aria-label={`Delete ${name}`}>
              Delete
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

function PersonCohorts({ personId }: { personId: number }) {
  const { projectId } = useSession();
  const cohorts = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/persons/cohorts', {
          params: { path: { project_id: String(projectId) }, query: { person_id: String(personId) } },
        }),
      ),
    [projectId, personId],
  );
  const list = cohorts.data?.results ?? [];
  return (
    <section className="card" aria-labelledby="cohorts-title">
      <h2 id="cohorts-title">Cohorts</h2>
      <ErrorBanner error={cohorts.error} />
      {cohorts.data && list.length === 0 ? <p className="muted">In no cohort.</p> : null}
      <ul>
        {list.map((c) => (
          <li key={c.id}>{c.name}</li>
        ))}
      </ul>
    </section>
  );
}

const TIMELINE_SHOWN = 20;

/** Where the person's properties changed, replayed from their events ($set, $set_once, $unset), newest first. */
function PropertiesTimeline({ personId }: { personId: number }) {
  const { projectId } = useSession();
  const [all, setAll] = useState(false);
  const timeline = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/persons/{id}/properties_timeline', {
          params: { path: { project_id: String(projectId), id: String(personId) } },
        }),
      ),
    [projectId, personId],
  );
  const points = timeline.data?.points ?? [];
  const changes = timelineChanges(points);
  const rows = points.map((point, i) => ({ point, changes: changes[i] })).reverse();
  const shown = all ? rows : rows.slice(0, TIMELINE_SHOWN);
  return (
    <section className="card" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Properties timeline</h2>
      <ErrorBanner error={timeline.error} />
      {timeline.data && points.length === 0 ? (
        <p className="muted">No event has set a property of this person.</p>
      ) : null}
      {points.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Property changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Changes</th>
                <th scope="col">Events</th>
              </tr>
            </thead>
            <tbody>
              {shown.map(({ point, changes: pointChanges }) => (
                <tr key={point.timestamp}>
                  <td>{formatDate(point.timestamp)}</td>
                  <td>
                    <ul className="plain">
                      {pointChanges.map((c) => (
                        <li key={c.key}>
                          <code>{c.key}</code>{' '}
                          {c.kind === 'set' ? (
                            <>
                              set to <ins>{showValue(c.after)}</ins>
                            </>
                          ) : c.kind === 'changed' ? (
                            <>
                              <del>{showValue(c.before)}</del> → <ins>{showValue(c.after)}</ins>
                            </>
                          ) : (
                            <>
                              removed (was <del>{showValue(c.before)}</del>)
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>{point.relevant_event_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows.length > TIMELINE_SHOWN ? (
        <button type="button" className="link" onClick={() => setAll((a) => !a)}>
          {all ? `Show the latest ${TIMELINE_SHOWN}` : `Show all ${rows.length} changes`}
        </button>
      ) : null}
    </section>
  );
}
