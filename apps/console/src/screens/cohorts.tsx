import { FormEvent, useState } from 'react';
import { api, ok, Schemas } from '../api/client';
import { ErrorBanner, errorAt, Field, useLoad } from '../components/ui';
import { useSession } from '../session';
import { NO_VALUE, PROPERTY_OPERATORS } from './flags/filters';

type Leaf = { key: string; type: 'person'; operator: string; value: string };

export function CohortList() {
  const { projectId } = useSession();
  const cohorts = useLoad(
    () => ok(api.GET('/api/projects/{project_id}/cohorts', { params: { path: { project_id: String(projectId) }, query: { limit: 200 } } })),
    [projectId],
  );
  const [open, setOpen] = useState<number | null>(null);
  const list = ((cohorts.data as { results?: Schemas['CohortDto'][] } | undefined)?.results ?? []).filter((c) => !c.deleted);
  return (
    <>
      <div className="page-header">
        <h1>Cohorts</h1>
      </div>
      <NewCohort onCreated={cohorts.reload} />
      <ErrorBanner error={cohorts.error} />
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Cohorts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Persons</th>
            </tr>
          </thead>
          <tbody>
            {list.length === 0 && !cohorts.loading ? (
              <tr>
                <td colSpan={3}>No cohorts yet.</td>
              </tr>
            ) : null}
            {list.map((c) => (
              <tr key={c.id}>
                <td>
                  <button type="button" className="link" aria-expanded={open === c.id} onClick={() => setOpen(open === c.id ? null : c.id)}>
                    {c.name}
                  </button>
                  {open === c.id ? <CohortPersons id={c.id} /> : null}
                </td>
                <td>{c.is_static ? 'Static' : 'Dynamic'}</td>
                <td>{c.count ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function CohortPersons({ id }: { id: number }) {
  const { projectId } = useSession();
  const persons = useLoad(
    () => ok(api.GET('/api/projects/{project_id}/cohorts/{id}/persons', { params: { path: { project_id: String(projectId), id } } })),
    [projectId, id],
  );
  const results = (persons.data as { results?: Array<{ uuid: string; name?: string; distinct_ids: string[] }> } | undefined)?.results ?? [];
  return (
    <ul className="small">
      {results.map((p) => (
        <li key={p.uuid}>{p.name || p.distinct_ids[0]}</li>
      ))}
      {persons.data && results.length === 0 ? <li>No persons.</li> : null}
    </ul>
  );
}

/** A dynamic cohort: person-property leaves joined by AND or OR. */
function NewCohort({ onCreated }: { onCreated: () => void }) {
  const { projectId } = useSession();
  const [name, setName] = useState('');
  const [join, setJoin] = useState<'AND' | 'OR'>('AND');
  const [leaves, setLeaves] = useState<Leaf[]>([{ key: '', type: 'person', operator: 'exact', value: '' }]);
  const [error, setError] = useState<unknown>();
  const [status, setStatus] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      const values = leaves.map((l) => ({ ...l, value: NO_VALUE.has(l.operator) ? l.operator : l.value }));
      const created = await ok(
        api.POST('/api/projects/{project_id}/cohorts', {
          params: { path: { project_id: String(projectId) } },
          body: { name, filters: { properties: { type: join, values } } } as unknown as Schemas['CreateCohortDto'],
        }),
      );
      setStatus(`Created cohort ${(created as { name: string }).name}.`);
      setName('');
      onCreated();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="new-cohort-title">
      <h2 id="new-cohort-title">New cohort</h2>
      <Field label="Cohort name" error={errorAt(error, 'name')}>
        {(p) => <input {...p} value={name} required onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Persons who match">
        {(p) => (
          <select {...p} value={join} onChange={(e) => setJoin(e.target.value as 'AND')}>
            <option value="AND">all of these</option>
            <option value="OR">any of these</option>
          </select>
        )}
      </Field>
      {leaves.map((l, i) => (
        <div className="filter-row" role="group" aria-label={`Cohort filter ${i + 1}`} key={i}>
          <input
            aria-label={`Cohort filter ${i + 1} property`}
            placeholder="property"
            value={l.key}
            onChange={(e) => setLeaves(leaves.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)))}
          />
          <select
            aria-label={`Cohort filter ${i + 1} operator`}
            value={l.operator}
            onChange={(e) => setLeaves(leaves.map((x, j) => (j === i ? { ...x, operator: e.target.value } : x)))}
          >
            {PROPERTY_OPERATORS.map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
          {NO_VALUE.has(l.operator) ? null : (
            <input
              aria-label={`Cohort filter ${i + 1} value`}
              value={l.value}
              onChange={(e) => setLeaves(leaves.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            />
          )}
          <button type="button" className="link" disabled={leaves.length === 1} onClick={() => setLeaves(leaves.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <div className="actions">
        <button type="button" onClick={() => setLeaves([...leaves, { key: '', type: 'person', operator: 'exact', value: '' }])}>
          Add filter
        </button>
        <button type="submit" className="primary">
          Create cohort
        </button>
      </div>
      <ErrorBanner error={error} shownAt={['name']} />
      {status ? <p role="status">{status}</p> : null}
    </form>
  );
}
