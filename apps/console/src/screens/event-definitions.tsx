import { FormEvent, useState } from 'react';
import { useSearchParams } from 'wouter';
import { api, ok, Schemas } from '../api/client';
import { ErrorBanner, errorAt, Field, formatDate, Pagination, parseTags, useLoad } from '../components/ui';
import { useSession } from '../session';

type Definition = Schemas['EventDefinitionDto'];
const PAGE = 50;

export function EventDefinitions() {
  const { projectId } = useSession();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const [text, setText] = useState(search);
  const [editing, setEditing] = useState<string | null>(null);
  const defs = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/event_definitions', {
          params: {
            path: { project_id: String(projectId) },
            query: { search: search || undefined, limit: PAGE, offset },
          },
        }),
      ),
    [projectId, search, offset],
  );
  const go = (s: string, o: number) =>
    setParams(() => {
      const p = new URLSearchParams();
      if (s) p.set('search', s);
      if (o) p.set('offset', String(o));
      return p;
    });
  const list = defs.data as { count: number; results: Definition[] } | undefined;
  return (
    <>
      <h1>Event definitions</h1>
      <form
        role="search"
        aria-label="Find events"
        className="filters"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          go(text.trim(), 0);
        }}
      >
        <div className="field">
          <label htmlFor="event-search">Event name</label>
          <input id="event-search" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit">Search</button>
      </form>
      <ErrorBanner error={defs.error} />
      {list ? (
        <>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Event definitions</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Tags</th>
                  <th scope="col">Slack</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">30-day volume</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.results.length === 0 ? (
                  <tr>
                    <td colSpan={6}>No events match.</td>
                  </tr>
                ) : null}
                {list.results.map((d) =>
                  editing === d.id ? (
                    <tr key={d.id}>
                      <td colSpan={6}>
                        <EditDefinition
                          definition={d}
                          onDone={(saved) => {
                            setEditing(null);
                            if (saved)
                              defs.set({
                                ...list,
                                results: list.results.map((x) => (x.id === saved.id ? saved : x)),
                              } as never);
                            else defs.reload();
                          }}
                        />
                      </td>
                    </tr>
                  ) : (
                    <tr key={d.id}>
                      <td>
                        <strong>{d.name}</strong>
                        {d.description ? <div className="muted small">{d.description}</div> : null}
                      </td>
                      <td>{d.tags.join(', ')}</td>
                      <td>{d.post_to_slack ? 'Posted' : '—'}</td>
                      <td>{formatDate(d.last_seen_at)}</td>
                      <td>{d.volume_30_day ?? '—'}</td>
                      <td className="row-actions">
                        <button
                          type="button"
                          className="link"
                          onClick={() => setEditing(d.id)}
                          aria-label={`Edit ${d.name}`}
                        >
                          Edit
                        </button>
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
          <Pagination count={list.count} offset={offset} limit={PAGE} onOffset={(o) => go(search, o)} label="event" />
        </>
      ) : null}
    </>
  );
}

function EditDefinition({ definition, onDone }: { definition: Definition; onDone: (saved?: Definition) => void }) {
  const { projectId } = useSession();
  const [description, setDescription] = useState(definition.description);
  const [tags, setTags] = useState(definition.tags.join(', '));
  const [slack, setSlack] = useState(definition.post_to_slack);
  const [error, setError] = useState<unknown>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const path = { project_id: String(projectId), id: definition.id };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      const saved = await ok(
        api.PATCH('/api/projects/{project_id}/event_definitions/{id}', {
          params: { path },
          body: { description, tags: parseTags(tags), post_to_slack: slack },
        }),
      );
      onDone(saved);
    } catch (err) {
      setError(err);
    }
  };
  const remove = async () => {
    try {
      await ok(api.DELETE('/api/projects/{project_id}/event_definitions/{id}', { params: { path } }));
      onDone();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <form onSubmit={save} aria-label={`Edit ${definition.name}`} className="edit-row">
      <h2 className="h3">{definition.name}</h2>
      <Field
        label="Description"
        hint="What the event means, for whoever reads this list."
        error={errorAt(error, 'description')}
      >
        {(p) => (
          <textarea
            {...p}
            rows={2}
            maxLength={1000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <Field label="Tags" hint="Comma-separated" error={errorAt(error, 'tags')}>
        {(p) => <input {...p} value={tags} onChange={(e) => setTags(e.target.value)} />}
      </Field>
      <div className="checkbox">
        <input
          id={`slack-${definition.id}`}
          type="checkbox"
          checked={slack}
          onChange={(e) => setSlack(e.target.checked)}
        />
        <label htmlFor={`slack-${definition.id}`}>Post to Slack</label>
      </div>
      <ErrorBanner error={error} shownAt={['description', 'tags']} />
      <div className="actions">
        <button type="submit" className="primary">
          Save
        </button>
        <button type="button" onClick={() => onDone()}>
          Cancel
        </button>
        <span className="spacer" />
        {confirmDelete ? (
          <>
            <span>Delete this definition?</span>
            <button type="button" className="danger" onClick={() => void remove()}>
              Yes, delete
            </button>
          </>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        )}
      </div>
    </form>
  );
}
