import { useId, useState } from 'react';
import { api, ok, Schemas } from '../../api/client';
import { ErrorBanner, Field, useLoad } from '../../components/ui';
import { useSession } from '../../session';
import { ConditionReach } from './flag-extras';
import { convertValue, NO_VALUE, PROPERTY_OPERATORS, PropertyFilter } from './filters';
import { ConditionRow, Draft, DraftErrors, FiltersErrorAt, parseRollout } from './flag-draft';
import { FilterValueInput } from './value-input';

/** The release conditions: condition sets of filters, each with its rollout and variant override. */
export function Conditions({
  draft,
  change,
  error,
  errors,
  serverError,
  flagId,
}: {
  draft: Draft;
  change: (p: Partial<Draft>) => void;
  /** A refused save's error about the filters that no field shows. */
  error?: string;
  errors: DraftErrors;
  /** A refused save's error about one condition set's field or filter. */
  serverError?: FiltersErrorAt;
  flagId: number;
}) {
  const { projectId } = useSession();
  const cohorts = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/cohorts', {
          params: { path: { project_id: String(projectId) }, query: { limit: 500 } },
        }),
      ),
    [projectId],
  );
  const flags = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/feature_flags', {
          params: { path: { project_id: String(projectId) }, query: { limit: 500 } },
        }),
      ),
    [projectId],
  );
  const setCondition = (i: number, c: Partial<ConditionRow>) =>
    change({ conditions: draft.conditions.map((x, j) => (j === i ? { ...x, ...c } : x)) });
  const cohortList = cohorts.data?.results ?? [];
  const otherFlags = (flags.data?.results ?? []).filter((f) => f.id !== flagId);
  // The rollout box says it is empty once it is left so; a value out of range, as it is typed.
  const [leftEmpty, setLeftEmpty] = useState<Set<number>>(new Set());
  const rolloutError = (i: number, c: ConditionRow) => {
    const message = errors.rollouts[i];
    if (message && (c.rolloutText?.trim() !== '' || leftEmpty.has(i))) return message;
    return serverError?.at === 'condition' && serverError.index === i && serverError.field === 'rollout'
      ? serverError.message
      : undefined;
  };
  const filterError = (i: number, k: number) =>
    serverError?.at === 'filter' && serverError.index === i && serverError.filter === k
      ? serverError.message
      : undefined;
  return (
    <section aria-labelledby="conditions-title" className="card">
      <h2 id="conditions-title">Release conditions</h2>
      <p className="muted">
        A person gets the flag when they match any condition: its filters all hold and they fall in its rollout.
      </p>
      <ErrorBanner error={cohorts.error ?? flags.error} />
      <Field
        label="Match by"
        hint="Groups: the flag is decided per group (company, team…) of that type, by its group properties."
      >
        {(p) => (
          <select
            {...p}
            value={draft.aggregation === null ? '' : String(draft.aggregation)}
            onChange={(e) => change({ aggregation: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">Persons</option>
            {[0, 1, 2, 3, 4].map((i) => (
              <option key={i} value={i}>
                Groups of type {i}
              </option>
            ))}
          </select>
        )}
      </Field>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {draft.conditions.map((c, i) => (
        <fieldset key={i} className="condition">
          <legend>Condition set {i + 1}</legend>
          {c.properties.length === 0 ? <p className="muted">Matches every person.</p> : null}
          {c.properties.map((p, k) => (
            <FilterRow
              key={k}
              label={`Condition ${i + 1} filter ${k + 1}`}
              filter={p}
              cohorts={cohortList}
              flags={otherFlags}
              error={filterError(i, k)}
              onChange={(f) => setCondition(i, { properties: c.properties.map((x, m) => (m === k ? f : x)) })}
              onRemove={() => setCondition(i, { properties: c.properties.filter((_, m) => m !== k) })}
            />
          ))}
          <button
            type="button"
            onClick={() =>
              setCondition(i, {
                properties: [...c.properties, { key: '', type: 'person', operator: 'exact', value: '' }],
              })
            }
          >
            Add filter
          </button>
          <div className="row">
            <Field label={`Condition ${i + 1} rollout (%)`} error={rolloutError(i, c)}>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={0}
                  max={100}
                  value={c.rolloutText ?? String(c.rollout_percentage ?? 100)}
                  onChange={(e) => {
                    const parsed = parseRollout(e.target.value);
                    setLeftEmpty((s) => new Set([...s].filter((j) => j !== i)));
                    setCondition(i, {
                      rolloutText: e.target.value,
                      ...('value' in parsed ? { rollout_percentage: parsed.value } : {}),
                    });
                  }}
                  onBlur={(e) => e.target.value.trim() === '' && setLeftEmpty((s) => new Set(s).add(i))}
                />
              )}
            </Field>
            {draft.variants.length > 0 ? (
              <Field
                label={`Condition ${i + 1} variant override`}
                error={
                  serverError?.at === 'condition' && serverError.index === i && serverError.field === 'variant'
                    ? serverError.message
                    : undefined
                }
              >
                {(p) => (
                  <select
                    {...p}
                    value={c.variant ?? ''}
                    onChange={(e) => setCondition(i, { variant: e.target.value || null })}
                  >
                    <option value="">None (the split)</option>
                    {draft.variants.map((v) => (
                      <option key={v.key} value={v.key}>
                        {v.key}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : null}
          </div>
          <ConditionReach condition={c} />
          <button
            type="button"
            className="link danger"
            onClick={() => change({ conditions: draft.conditions.filter((_, j) => j !== i) })}
            aria-label={`Remove condition set ${i + 1}`}
          >
            Remove condition set
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() =>
          change({ conditions: [...draft.conditions, { properties: [], rollout_percentage: 100, variant: null }] })
        }
      >
        Add condition set
      </button>
    </section>
  );
}

function FilterRow({
  label,
  filter,
  cohorts,
  flags,
  error,
  onChange,
  onRemove,
}: {
  label: string;
  filter: PropertyFilter;
  cohorts: Schemas['CohortDto'][];
  flags: Schemas['FlagDto'][];
  /** A refused save's error about this filter. */
  error?: string;
  onChange: (f: PropertyFilter) => void;
  onRemove: () => void;
}) {
  const type = filter.type;
  const operator = filter.operator ?? 'exact';
  const errorId = useId();
  const invalid = { 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined };
  const setType = (t: string) => {
    if (t === 'cohort') onChange({ type: 'cohort', key: 'id', operator: 'in', value: cohorts[0]?.id ?? '' });
    else if (t === 'flag')
      onChange({ type: 'flag', key: String(flags[0]?.id ?? ''), operator: 'flag_evaluates_to', value: true });
    else if (t === 'group') onChange({ type: 'group', key: '', operator: 'exact', value: '', group_type_index: 0 });
    else onChange({ type: 'person', key: '', operator: 'exact', value: '' });
  };
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <select aria-label={`${label} kind`} value={type} onChange={(e) => setType(e.target.value)}>
        <option value="person">Person property</option>
        <option value="group">Group property</option>
        <option value="cohort">Cohort</option>
        <option value="flag">Another flag</option>
      </select>
      {type === 'cohort' ? (
        <>
          <select
            aria-label={`${label} membership`}
            value={operator === 'not_in' || filter.negation ? 'not_in' : 'in'}
            onChange={(e) => onChange({ ...filter, operator: e.target.value as 'in', negation: undefined })}
          >
            <option value="in">in cohort</option>
            <option value="not_in">not in cohort</option>
          </select>
          <select
            aria-label={`${label} cohort`}
            value={String(filter.value ?? '')}
            onChange={(e) => onChange({ ...filter, value: Number(e.target.value) })}
          >
            {cohorts.length === 0 ? <option value="">No cohorts yet</option> : null}
            {cohorts.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      ) : type === 'flag' ? (
        <>
          <select
            aria-label={`${label} flag`}
            value={String(filter.key)}
            onChange={(e) => onChange({ ...filter, key: e.target.value })}
          >
            {flags.length === 0 ? <option value="">No other flags</option> : null}
            {flags.map((f) => (
              <option key={f.id} value={f.id}>
                {f.key}
              </option>
            ))}
          </select>
          <input
            aria-label={`${label} evaluates to`}
            value={String(filter.value)}
            onChange={(e) =>
              onChange({
                ...filter,
                value: e.target.value === 'true' ? true : e.target.value === 'false' ? false : e.target.value,
              })
            }
          />
        </>
      ) : (
        <>
          {type === 'group' ? (
            <input
              aria-label={`${label} group type index`}
              type="number"
              min={0}
              max={4}
              className="narrow"
              value={filter.group_type_index ?? 0}
              onChange={(e) => onChange({ ...filter, group_type_index: e.target.valueAsNumber })}
            />
          ) : null}
          <input
            aria-label={`${label} property`}
            {...invalid}
            placeholder="property, e.g. email"
            value={String(filter.key)}
            onChange={(e) => onChange({ ...filter, key: e.target.value })}
          />
          <select
            aria-label={`${label} operator`}
            value={operator}
            onChange={(e) =>
              onChange({
                ...filter,
                operator: e.target.value as 'exact',
                value: convertValue(operator, e.target.value, filter.value),
              })
            }
          >
            {PROPERTY_OPERATORS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          {NO_VALUE.has(operator) ? null : (
            <FilterValueInput
              label={`${label} value`}
              operator={operator}
              value={filter.value}
              onChange={(value) => onChange({ ...filter, value })}
            />
          )}
        </>
      )}
      <button type="button" className="link" onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
        Remove
      </button>
      {error ? (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
