import { FormEvent, useId, useState } from 'react';
import { api, ok, Schemas } from '../api/client';
import { ErrorBanner, errorAt, Field, useLoad } from '../components/ui';
import { useSession } from '../session';
import { convertValue, NO_VALUE, PROPERTY_OPERATORS, PropertyFilter } from './flags/filters';
import { FilterValueInput } from './flags/value-input';

type Cohort = Schemas['CohortDto'];
type Leaf =
  | { type: 'person'; key: string; operator: string; value: unknown; negation?: boolean }
  | { type: 'cohort'; key: 'id'; value: number; negation?: boolean };
interface Group {
  type: 'AND' | 'OR';
  values: Array<Group | Leaf>;
}

const isGroup = (v: Group | Leaf): v is Group => v.type === 'AND' || v.type === 'OR';
const emptyLeaf = (): Leaf => ({ type: 'person', key: '', operator: 'exact', value: '' });

/** A cohort's property tree as the editor holds it (a legacy or empty tree becomes one AND group). */
function treeOf(cohort?: Cohort): Group {
  const props = (cohort?.filters as { properties?: Group } | undefined)?.properties;
  if (props && isGroup(props) && Array.isArray(props.values) && props.values.length > 0) return props;
  return { type: 'AND', values: [emptyLeaf()] };
}

function clean(g: Group): Group {
  return {
    type: g.type,
    values: g.values.map((v) =>
      isGroup(v) ? clean(v) : v.type === 'person' && NO_VALUE.has(v.operator) ? { ...v, value: v.operator } : v,
    ),
  };
}

export function CohortList() {
  const { projectId } = useSession();
  const cohorts = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/cohorts', {
          params: { path: { project_id: String(projectId) }, query: { limit: 200 } },
        }),
      ),
    [projectId],
  );
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const list = ((cohorts.data as { results?: Cohort[] } | undefined)?.results ?? []).filter((c) => !c.deleted);
  return (
    <>
      <div className="page-header">
        <h1>Cohorts</h1>
      </div>
      <CohortForm cohorts={list} onSaved={cohorts.reload} />
      <ErrorBanner error={cohorts.error} />
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Cohorts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Persons</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.length === 0 && !cohorts.loading ? (
              <tr>
                <td colSpan={4}>No cohorts yet.</td>
              </tr>
            ) : null}
            {list.map((c) =>
              editing === c.id ? (
                <tr key={c.id}>
                  <td colSpan={4}>
                    <CohortForm
                      cohort={c}
                      cohorts={list}
                      onSaved={() => {
                        setEditing(null);
                        cohorts.reload();
                      }}
                      onCancel={() => setEditing(null)}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={c.id}>
                  <td>
                    <button
                      type="button"
                      className="link"
                      aria-expanded={open === c.id}
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      {c.name}
                    </button>
                    {open === c.id ? <CohortPersons id={c.id} /> : null}
                  </td>
                  <td>{c.is_static ? 'Static' : 'Dynamic'}</td>
                  <td>{c.count ?? '—'}</td>
                  <td className="row-actions">
                    {c.is_static ? null : (
                      <button
                        type="button"
                        className="link"
                        onClick={() => setEditing(c.id)}
                        aria-label={`Edit ${c.name}`}
                      >
                        Edit
                      </button>
                    )}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

function CohortPersons({ id }: { id: number }) {
  const { projectId } = useSession();
  const persons = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/cohorts/{id}/persons', {
          params: { path: { project_id: String(projectId), id } },
        }),
      ),
    [projectId, id],
  );
  const results =
    (persons.data as { results?: Array<{ uuid: string; name?: string; distinct_ids: string[] }> } | undefined)
      ?.results ?? [];
  return (
    <ul className="small">
      {results.map((p) => (
        <li key={p.uuid}>{p.name || p.distinct_ids[0]}</li>
      ))}
      {persons.data && results.length === 0 ? <li>No persons.</li> : null}
    </ul>
  );
}

/** A new dynamic cohort, or an existing one edited: nested AND/OR groups of person properties and cohorts. */
function CohortForm({
  cohort,
  cohorts,
  onSaved,
  onCancel,
}: {
  cohort?: Cohort;
  cohorts: Cohort[];
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { projectId } = useSession();
  const [name, setName] = useState(cohort?.name ?? '');
  const [tree, setTree] = useState<Group>(() => treeOf(cohort));
  const [error, setError] = useState<unknown>();
  const [status, setStatus] = useState('');
  const title = cohort ? `Edit ${cohort.name}` : 'New cohort';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const body = { name, filters: { properties: clean(tree) } };
    try {
      if (cohort) {
        await ok(
          api.PATCH('/api/projects/{project_id}/cohorts/{id}', {
            params: { path: { project_id: String(projectId), id: cohort.id } },
            body: body as unknown as Schemas['UpdateCohortDto'],
          }),
        );
      } else {
        await ok(
          api.POST('/api/projects/{project_id}/cohorts', {
            params: { path: { project_id: String(projectId) } },
            body: body as unknown as Schemas['CreateCohortDto'],
          }),
        );
        setName('');
        setTree(treeOf());
      }
      setStatus(`${cohort ? 'Saved' : 'Created'} cohort ${name}.`);
      onSaved();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <Field label="Cohort name" error={errorAt(error, 'name')}>
        {(p) => <input {...p} value={name} required onChange={(e) => setName(e.target.value)} />}
      </Field>
      {errorAt(error, 'filters') ? (
        <p className="field-error" role="alert">
          {errorAt(error, 'filters')}
        </p>
      ) : null}
      <GroupEditor
        label="Cohort"
        group={tree}
        onChange={setTree}
        cohorts={cohorts.filter((c) => c.id !== cohort?.id)}
      />
      <div className="actions">
        <button type="submit" className="primary">
          {cohort ? 'Save cohort' : 'Create cohort'}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      <ErrorBanner error={error} shownAt={['name', 'filters']} />
      {status ? <p role="status">{status}</p> : null}
    </form>
  );
}

function GroupEditor({
  label,
  group,
  onChange,
  onRemove,
  cohorts,
}: {
  label: string;
  group: Group;
  onChange: (g: Group) => void;
  onRemove?: () => void;
  cohorts: Cohort[];
}) {
  const id = useId();
  const set = (i: number, v: Group | Leaf) =>
    onChange({ ...group, values: group.values.map((x, j) => (j === i ? v : x)) });
  const remove = (i: number) => onChange({ ...group, values: group.values.filter((_, j) => j !== i) });
  return (
    <fieldset className="condition">
      <legend>{label}</legend>
      <div className="field">
        <label htmlFor={`${id}-join`}>{label}: persons who match</label>
        <select
          id={`${id}-join`}
          value={group.type}
          onChange={(e) => onChange({ ...group, type: e.target.value as 'AND' })}
        >
          <option value="AND">all of these</option>
          <option value="OR">any of these</option>
        </select>
      </div>
      {group.values.map((v, i) =>
        isGroup(v) ? (
          <GroupEditor
            key={i}
            label={`${label} group ${i + 1}`}
            group={v}
            onChange={(g) => set(i, g)}
            onRemove={() => remove(i)}
            cohorts={cohorts}
          />
        ) : (
          <LeafEditor
            key={i}
            label={`${label} filter ${i + 1}`}
            leaf={v}
            onChange={(l) => set(i, l)}
            onRemove={() => remove(i)}
            cohorts={cohorts}
          />
        ),
      )}
      <div className="actions">
        <button type="button" onClick={() => onChange({ ...group, values: [...group.values, emptyLeaf()] })}>
          Add filter
        </button>
        <button
          type="button"
          onClick={() =>
            onChange({
              ...group,
              values: [...group.values, { type: group.type === 'AND' ? 'OR' : 'AND', values: [emptyLeaf()] }],
            })
          }
        >
          Add group
        </button>
        {onRemove ? (
          <button type="button" className="link danger" onClick={onRemove}>
            Remove group
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

function LeafEditor({
  label,
  leaf,
  onChange,
  onRemove,
  cohorts,
}: {
  label: string;
  leaf: Leaf;
  onChange: (l: Leaf) => void;
  onRemove: () => void;
  cohorts: Cohort[];
}) {
  const id = useId();
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <select
        aria-label={`${label} kind`}
        value={leaf.type}
        onChange={(e) =>
          onChange(
            e.target.value === 'cohort' ? { type: 'cohort', key: 'id', value: cohorts[0]?.id ?? 0 } : emptyLeaf(),
          )
        }
      >
        <option value="person">Person property</option>
        <option value="cohort">In cohort</option>
      </select>
      {leaf.type === 'cohort' ? (
        <select
          aria-label={`${label} cohort`}
          value={leaf.value}
          onChange={(e) => onChange({ ...leaf, value: Number(e.target.value) })}
        >
          {cohorts.length === 0 ? <option value={0}>No other cohorts</option> : null}
          {cohorts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      ) : (
        <>
          <input
            aria-label={`${label} property`}
            placeholder="property"
            value={leaf.key}
            onChange={(e) => onChange({ ...leaf, key: e.target.value })}
          />
          <select
            aria-label={`${label} operator`}
            value={leaf.operator}
            onChange={(e) =>
              onChange({
                ...leaf,
                operator: e.target.value,
                value: convertValue(leaf.operator, e.target.value, leaf.value as PropertyFilter['value']),
              })
            }
          >
            {PROPERTY_OPERATORS.map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
          {NO_VALUE.has(leaf.operator) ? null : (
            <FilterValueInput
              label={`${label} value`}
              operator={leaf.operator}
              value={leaf.value as PropertyFilter['value']}
              onChange={(value) => onChange({ ...leaf, value })}
            />
          )}
        </>
      )}
      <div className="checkbox">
        <input
          id={`${id}-not`}
          type="checkbox"
          checked={!!leaf.negation}
          onChange={(e) => onChange({ ...leaf, negation: e.target.checked || undefined })}
        />
        <label htmlFor={`${id}-not`}>not</label>
      </div>
      <button type="button" className="link" onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
        Remove
      </button>
    </div>
  );
}
