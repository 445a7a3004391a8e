import { FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { api, ApiError, ok, Schemas } from '../../api/client';
import { ErrorBanner, errorAt, Field, formatDate, parseTags, Switch, useLoad } from '../../components/ui';
import { useSession } from '../../session';
import { ConditionReach, CopyToProjects, Evaluations, RoleAccess } from './flag-extras';
import {
  Condition,
  convertValue,
  evenSplit,
  rebaseDraft,
  NO_VALUE,
  payloadError,
  PROPERTY_OPERATORS,
  PropertyFilter,
  splitError,
  Variant,
} from './filters';
import { FilterValueInput } from './value-input';

type Flag = Schemas['FlagDto'];
type Runtime = NonNullable<Flag['evaluation_runtime']>;

const RUNTIMES: Array<[Runtime, string]> = [
  ['all', 'All SDKs'],
  ['server', 'Server-side SDKs only'],
  ['client', 'Client-side SDKs only (browsers, mobile)'],
];

/** Comma-separated contexts, blanks and repeats dropped. */
function parseContexts(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== ''),
    ),
  ];
}

interface Draft {
  key: string;
  name: string;
  tags: string;
  active: boolean;
  ensure_experience_continuity: boolean;
  evaluation_runtime: Runtime;
  /** Comma-separated evaluation contexts. */
  evaluation_contexts: string;
  conditions: Condition[];
  variants: Variant[];
  /** Payload text per variant key (`true` for a boolean flag). */
  payloads: Record<string, string>;
  /** Match groups of this type instead of persons (null: persons). */
  aggregation: number | null;
}

function toDraft(flag: Flag): Draft {
  const filters = flag.filters as unknown as {
    groups?: Array<Partial<Condition>>;
    multivariate?: { variants?: Variant[] } | null;
    payloads?: Record<string, string | null>;
    aggregation_group_type_index?: number | null;
  };
  const payloads: Record<string, string> = {};
  for (const [k, v] of Object.entries(filters.payloads ?? {})) payloads[k] = v ?? '';
  return {
    key: flag.key,
    name: flag.name,
    tags: flag.tags.join(', '),
    active: flag.active,
    ensure_experience_continuity: flag.ensure_experience_continuity,
    evaluation_runtime: flag.evaluation_runtime ?? 'all',
    evaluation_contexts: flag.evaluation_contexts.join(', '),
    conditions: (filters.groups ?? []).map((g) => ({
      properties: (g.properties ?? []) as PropertyFilter[],
      rollout_percentage: g.rollout_percentage ?? null,
      variant: g.variant ?? null,
    })),
    variants: (filters.multivariate?.variants ?? []).map((v) => ({
      key: v.key,
      name: v.name ?? '',
      rollout_percentage: v.rollout_percentage,
    })),
    payloads,
    aggregation: filters.aggregation_group_type_index ?? null,
  };
}

function toBody(d: Draft): Schemas['UpdateFlagDto'] {
  const multivariate = d.variants.length > 0;
  const keys = multivariate ? d.variants.map((v) => v.key) : ['true'];
  const payloads: Record<string, string> = {};
  for (const k of keys) if ((d.payloads[k] ?? '').trim() !== '') payloads[k] = d.payloads[k];
  return {
    key: d.key,
    name: d.name,
    tags: parseTags(d.tags),
    active: d.active,
    ensure_experience_continuity: d.ensure_experience_continuity,
    evaluation_runtime: d.evaluation_runtime,
    evaluation_contexts: parseContexts(d.evaluation_contexts),
    filters: {
      groups: d.conditions.map((c) => ({
        properties: c.properties,
        rollout_percentage: c.rollout_percentage,
        ...(multivariate && c.variant ? { variant: c.variant } : { variant: null }),
      })),
      multivariate: multivariate ? { variants: d.variants } : null,
      payloads,
      aggregation_group_type_index: d.aggregation,
    } as Schemas['FlagFiltersInputDto'],
  };
}

export function FlagPage() {
  const { projectId } = useSession();
  const { id } = useParams<{ id: string }>();
  const path = { project_id: String(projectId), id: Number(id) };
  const flag = useLoad(
    () => ok(api.GET('/api/projects/{project_id}/feature_flags/{id}', { params: { path } })),
    [projectId, id],
  );
  const [historyTick, setHistoryTick] = useState(0);
  const [saved, setSaved] = useState('');
  if (flag.error) return <ErrorBanner error={flag.error} />;
  if (!flag.data) return <p className="loading">Loading…</p>;
  return (
    <>
      <p>
        <Link href="/feature_flags">← Feature flags</Link>
      </p>
      <FlagEditor
        key={flag.data.id}
        flag={flag.data}
        onSaved={(f, note) => {
          flag.set(f);
          setSaved(note ?? '');
          setHistoryTick((t) => t + 1);
        }}
      />
      <p role="status" className="saved-note">
        {saved}
      </p>
      <TestForPerson flagKey={flag.data.key} />
      <History flagId={flag.data.id} tick={historyTick} />
      <Evaluations flagId={flag.data.id} />
      <RoleAccess flagId={flag.data.id} />
      <CopyToProjects flag={flag.data} />
    </>
  );
}

function FlagEditor({ flag, onSaved }: { flag: Flag; onSaved: (f: Flag, note?: string) => void }) {
  const { projectId } = useSession();
  const [draft, setDraft] = useState<Draft>(() => toDraft(flag));
  const [error, setError] = useState<unknown>();
  const [conflict, setConflict] = useState<{
    theirs: Flag;
    /** What was refused, when not a save of the whole draft. */
    what: string | null;
    retry: (version: number) => Promise<void>;
  } | null>(null);
  const [saving, setSaving] = useState(false);
  const path = { project_id: String(projectId), id: flag.id };
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
  };
  const split = splitError(draft.variants);
  const payloadErrors = Object.fromEntries(
    (draft.variants.length ? draft.variants.map((v) => v.key) : ['true']).map((k) => [
      k,
      payloadError(draft.payloads[k] ?? ''),
    ]),
  );
  const invalid = !!split || Object.values(payloadErrors).some(Boolean);

  /** A change the server took: the page shows the flag it answered, the draft becomes `nextDraft` of the draft. */
  const done = (saved: Flag, nextDraft: (d: Draft) => Draft, note?: string) => {
    setDraft(nextDraft);
    setConflict(null);
    onSaved(saved, note);
  };
  /**
   * A refused change; a 409 (someone saved since) shows their version and offers `retry` at it.
   * The draft stays as it is either way.
   */
  const refused = async (e: unknown, what: string | null, retry: (version: number) => Promise<void>) => {
    setConflict(null);
    if (e instanceof ApiError && e.status === 409) {
      const theirs = await ok(api.GET('/api/projects/{project_id}/feature_flags/{id}', { params: { path } })).catch(
        () => null,
      );
      if (theirs) setConflict({ theirs, what, retry });
    }
    setError(e);
  };
  const patch = (body: Schemas['UpdateFlagDto']) =>
    ok(api.PATCH('/api/projects/{project_id}/feature_flags/{id}', { params: { path }, body }));

  const save = async (version: number) => {
    setSaving(true);
    setError(undefined);
    try {
      const saved = await patch({ ...toBody(draft), version });
      done(saved, () => toDraft(saved), `Saved: version ${saved.version}.`);
    } catch (e) {
      await refused(e, null, save);
    } finally {
      setSaving(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(flag.version);
  };
  /**
   * Turning the flag on or off, deleting or restoring it saves that field alone; unsaved edits
   * stay in the draft, moved onto the flag the server answered (fields not edited here take its
   * values), so a later Save neither loses them nor undoes the change.
   */
  const saveField = async (body: { active: boolean } | { deleted: boolean }, what: string, version: number) => {
    setError(undefined);
    try {
      const saved = await patch({ ...body, version });
      const [before, after] = [toDraft(flag), toDraft(saved)];
      done(saved, (d) => rebaseDraft(d, before, after));
    } catch (e) {
      await refused(e, what, (v) => saveField(body, what, v));
    }
  };
  const toggleActive = (active: boolean) => saveField({ active }, `Turning it ${active ? 'on' : 'off'}`, flag.version);
  const setDeleted = (deleted: boolean) =>
    saveField({ deleted }, deleted ? 'Deleting it' : 'Restoring it', flag.version);
  const discardMine = (theirs: Flag) => {
    setError(undefined);
    done(theirs, () => toDraft(theirs), `Loaded version ${theirs.version}.`);
  };
  const fields = [
    'key',
    'name',
    'tags',
    'filters',
    'active',
    'ensure_experience_continuity',
    'evaluation_runtime',
    'evaluation_contexts',
  ];

  return (
    <form onSubmit={submit} aria-labelledby="flag-title" noValidate>
      <div className="page-header">
        <h1 id="flag-title">{flag.key}</h1>
        {flag.deleted ? <span className="badge badge-warn">Deleted</span> : null}
        {flag.status === 'stale' ? <span className="badge">Stale</span> : null}
        <div className="header-switch">
          <span id="flag-enabled-label">Enabled</span>
          <Switch
            checked={flag.active}
            label="Flag enabled"
            onChange={(v) => void toggleActive(v)}
            disabled={flag.deleted}
          />
        </div>
      </div>
      {!flag.can_edit ? (
        <p className="banner" role="note">
          You can view this flag; changing it takes edit access (your organization's or the flag's role access).
        </p>
      ) : null}
      <ErrorBanner error={error} shownAt={fields.filter((f) => f !== 'filters')} />
      {conflict ? (
        <div className="banner banner-error" role="alert" aria-label="Conflict">
          <p>
            Someone else saved this flag (now version {conflict.theirs.version}, by{' '}
            {(conflict.theirs.last_modified_by as { email?: string } | null)?.email ?? 'someone'}) since you opened it.{' '}
            {conflict.what ? `${conflict.what} was not saved; your` : 'Your'} changes are still here.
          </p>
          <button type="button" onClick={() => void conflict.retry(conflict.theirs.version)}>
            Save mine over theirs
          </button>{' '}
          <button type="button" onClick={() => discardMine(conflict.theirs)}>
            Discard mine and load theirs
          </button>
        </div>
      ) : null}

      <section aria-labelledby="details-title" className="card">
        <h2 id="details-title">Details</h2>
        <Field label="Key" error={errorAt(error, 'key')}>
          {(p) => <input {...p} value={draft.key} onChange={(e) => change({ key: e.target.value })} />}
        </Field>
        <Field label="Description" error={errorAt(error, 'name')}>
          {(p) => <textarea {...p} rows={2} value={draft.name} onChange={(e) => change({ name: e.target.value })} />}
        </Field>
        <Field label="Tags" hint="Comma-separated" error={errorAt(error, 'tags')}>
          {(p) => <input {...p} value={draft.tags} onChange={(e) => change({ tags: e.target.value })} />}
        </Field>
        <div className="checkbox">
          <input
            id="continuity"
            type="checkbox"
            checked={draft.ensure_experience_continuity}
            onChange={(e) => change({ ensure_experience_continuity: e.target.checked })}
          />
          <label htmlFor="continuity">Persist the flag across authentication steps (experience continuity)</label>
        </div>
        <Field
          label="Evaluation runtime"
          hint="Which SDKs are served the flag (and its payload)"
          error={errorAt(error, 'evaluation_runtime')}
        >
          {(p) => (
            <select
              {...p}
              value={draft.evaluation_runtime}
              onChange={(e) => change({ evaluation_runtime: e.target.value as Runtime })}
            >
              {RUNTIMES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Evaluation contexts"
          hint="Comma-separated; only SDKs that send one of these get the flag (none: every SDK)"
          error={errorAt(error, 'evaluation_contexts')}
        >
          {(p) => (
            <input
              {...p}
              value={draft.evaluation_contexts}
              onChange={(e) => change({ evaluation_contexts: e.target.value })}
            />
          )}
        </Field>
      </section>

      <Variants draft={draft} change={change} split={split} payloadErrors={payloadErrors} />
      <Conditions draft={draft} change={change} error={errorAt(error, 'filters')} flagId={flag.id} />

      <div className="actions">
        <button type="submit" className="primary" disabled={saving || invalid || flag.deleted}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        {invalid ? <span className="field-error">Fix the errors above to save.</span> : null}
        <span className="spacer" />
        {flag.deleted ? (
          <button type="button" onClick={() => void setDeleted(false)}>
            Restore flag
          </button>
        ) : (
          <button type="button" className="danger" onClick={() => void setDeleted(true)}>
            Delete flag
          </button>
        )}
      </div>
      <p className="muted small">
        Version {flag.version} · created {formatDate(flag.created_at)} by{' '}
        {(flag.created_by as { email?: string } | null)?.email ?? '—'}
      </p>
    </form>
  );
}

function Variants({
  draft,
  change,
  split,
  payloadErrors,
}: {
  draft: Draft;
  change: (p: Partial<Draft>) => void;
  split?: string;
  payloadErrors: Record<string, string | undefined>;
}) {
  const multivariate = draft.variants.length > 0;
  const setVariants = (variants: Variant[]) => change({ variants });
  const addVariant = () => {
    const next = [...draft.variants, { key: `variant-${draft.variants.length + 1}`, name: '', rollout_percentage: 0 }];
    const even = evenSplit(next.length);
    setVariants(next.map((v, i) => ({ ...v, rollout_percentage: even[i] })));
  };
  const setPayload = (key: string, text: string) => change({ payloads: { ...draft.payloads, [key]: text } });
  return (
    <section aria-labelledby="variants-title" className="card">
      <h2 id="variants-title">Served value</h2>
      <fieldset className="radio-row">
        <legend className="visually-hidden">Flag type</legend>
        <input
          type="radio"
          id="type-boolean"
          name="flag-type"
          checked={!multivariate}
          onChange={() => change({ variants: [], conditions: draft.conditions.map((c) => ({ ...c, variant: null })) })}
        />
        <label htmlFor="type-boolean">Boolean (on or off)</label>
        <input
          type="radio"
          id="type-multivariate"
          name="flag-type"
          checked={multivariate}
          onChange={() =>
            multivariate ||
            setVariants([
              { key: 'control', name: '', rollout_percentage: 50 },
              { key: 'test', name: '', rollout_percentage: 50 },
            ])
          }
        />
        <label htmlFor="type-multivariate">Multiple variants with rollout percentages</label>
      </fieldset>
      {!multivariate ? (
        <Field label="Payload when on (JSON)" error={payloadErrors.true}>
          {(p) => (
            <textarea
              {...p}
              rows={2}
              className="code"
              value={draft.payloads.true ?? ''}
              onChange={(e) => setPayload('true', e.target.value)}
            />
          )}
        </Field>
      ) : (
        <>
          <ol className="variants">
            {draft.variants.map((v, i) => (
              <li key={i} className="variant">
                <Field label={`Variant ${i + 1} key`}>
                  {(p) => (
                    <input
                      {...p}
                      value={v.key}
                      onChange={(e) => {
                        const payloads = { ...draft.payloads, [e.target.value]: draft.payloads[v.key] ?? '' };
                        delete payloads[v.key];
                        change({
                          variants: draft.variants.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)),
                          payloads,
                        });
                      }}
                    />
                  )}
                </Field>
                <Field label={`Variant ${i + 1} description`}>
                  {(p) => (
                    <input
                      {...p}
                      value={v.name}
                      onChange={(e) =>
                        setVariants(draft.variants.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
                      }
                    />
                  )}
                </Field>
                <Field label={`Variant ${i + 1} rollout (%)`}>
                  {(p) => (
                    <input
                      {...p}
                      type="number"
                      min={0}
                      max={100}
                      inputMode="numeric"
                      value={Number.isFinite(v.rollout_percentage) ? v.rollout_percentage : ''}
                      onChange={(e) =>
                        setVariants(
                          draft.variants.map((x, j) =>
                            j === i ? { ...x, rollout_percentage: e.target.valueAsNumber } : x,
                          ),
                        )
                      }
                    />
                  )}
                </Field>
                <Field label={`Variant ${i + 1} payload (JSON)`} error={payloadErrors[v.key]}>
                  {(p) => (
                    <textarea
                      {...p}
                      rows={2}
                      className="code"
                      value={draft.payloads[v.key] ?? ''}
                      onChange={(e) => setPayload(v.key, e.target.value)}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className="link"
                  disabled={draft.variants.length <= 1}
                  onClick={() => setVariants(draft.variants.filter((_, j) => j !== i))}
                  aria-label={`Remove variant ${i + 1}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
          <div className="actions">
            <button type="button" onClick={addVariant}>
              Add variant
            </button>
            <button
              type="button"
              onClick={() =>
                setVariants(
                  draft.variants.map((v, i) => ({ ...v, rollout_percentage: evenSplit(draft.variants.length)[i] })),
                )
              }
            >
              Distribute evenly
            </button>
          </div>
          {split ? (
            <p className="field-error" role="alert">
              {split}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Conditions({
  draft,
  change,
  error,
  flagId,
}: {
  draft: Draft;
  change: (p: Partial<Draft>) => void;
  error?: string;
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
  const setCondition = (i: number, c: Partial<Condition>) =>
    change({ conditions: draft.conditions.map((x, j) => (j === i ? { ...x, ...c } : x)) });
  const cohortList = cohorts.data?.results ?? [];
  const otherFlags = (flags.data?.results ?? []).filter((f) => f.id !== flagId);
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
            <Field label={`Condition ${i + 1} rollout (%)`}>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={0}
                  max={100}
                  value={c.rollout_percentage ?? 100}
                  onChange={(e) =>
                    setCondition(i, {
                      rollout_percentage: Number.isFinite(e.target.valueAsNumber) ? e.target.valueAsNumber : null,
                    })
                  }
                />
              )}
            </Field>
            {draft.variants.length > 0 ? (
              <Field label={`Condition ${i + 1} variant override`}>
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
  onChange,
  onRemove,
}: {
  label: string;
  filter: PropertyFilter;
  cohorts: Schemas['CohortDto'][];
  flags: Schemas['FlagDto'][];
  onChange: (f: PropertyFilter) => void;
  onRemove: () => void;
}) {
  const type = filter.type;
  const operator = filter.operator ?? 'exact';
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
    </div>
  );
}

/** "Test for a person": the flag's value and the reason for one distinct id, from evaluation_reasons. */
function TestForPerson({ flagKey }: { flagKey: string }) {
  const { projectId } = useSession();
  const [distinctId, setDistinctId] = useState('');
  const [result, setResult] = useState<{ value: unknown; reason: string; condition: number | null } | null>(null);
  const [error, setError] = useState<unknown>();
  const run = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setResult(null);
    try {
      const reasons = await ok(
        api.GET('/api/projects/{project_id}/feature_flags/evaluation_reasons', {
          params: { path: { project_id: String(projectId) }, query: { distinct_id: distinctId } },
        }),
      );
      const r = reasons[flagKey];
      setResult(
        r
          ? { value: r.value, reason: r.evaluation.reason, condition: r.evaluation.condition_index ?? null }
          : { value: false, reason: 'unknown', condition: null },
      );
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section aria-labelledby="test-title" className="card">
      <h2 id="test-title">Test for a person</h2>
      <form onSubmit={run} className="inline-form">
        <Field label="Distinct id" error={errorAt(error, 'distinct_id')}>
          {(p) => <input {...p} value={distinctId} required onChange={(e) => setDistinctId(e.target.value)} />}
        </Field>
        <button type="submit">Evaluate</button>
      </form>
      <ErrorBanner error={error} shownAt={['distinct_id']} />
      {result ? (
        <p role="status" className="result">
          <strong>{flagKey}</strong> is <code>{JSON.stringify(result.value)}</code> for {distinctId}:{' '}
          {describeReason(result.reason, result.condition)}
        </p>
      ) : null}
    </section>
  );
}

function describeReason(reason: string, condition: number | null): string {
  switch (reason) {
    case 'condition_match':
      return `matched condition set ${(condition ?? 0) + 1}`;
    case 'no_condition_match':
      return 'matched no condition set';
    case 'out_of_rollout_bound':
      return `matched condition set ${(condition ?? 0) + 1} but is outside its rollout`;
    case 'disabled':
      return 'the flag is disabled';
    case 'missing_dependency':
      return 'a flag it depends on is missing';
    default:
      return reason.replace(/_/g, ' ');
  }
}

type Activity = Schemas['ActivityEntryDto'];

function History({ flagId, tick }: { flagId: number; tick: number }) {
  const { projectId } = useSession();
  const [page, setPage] = useState(1);
  const history = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/feature_flags/{id}/activity', {
          params: { path: { project_id: String(projectId), id: flagId }, query: { page, limit: 10 } },
        }),
      ),
    [projectId, flagId, page, tick],
  );
  useEffect(() => setPage(1), [tick]);
  const entries = useMemo(() => (history.data?.results ?? []) as Activity[], [history.data]);
  return (
    <section aria-labelledby="history-title" className="card">
      <h2 id="history-title">History</h2>
      <ErrorBanner error={history.error} />
      {entries.length === 0 && !history.loading ? <p className="muted">No changes yet.</p> : null}
      <ol className="history">
        {entries.map((a) => (
          <li key={a.id}>
            <div>
              <strong>{(a.user as { email?: string } | null)?.email ?? 'Someone'}</strong> {a.activity} the flag{' '}
              <span className="muted">{formatDate(a.created_at)}</span>
            </div>
            {(a.detail.changes ?? []).length > 0 ? (
              <table className="diff">
                <caption className="visually-hidden">Changes</caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {(a.detail.changes ?? []).map((c, i) => (
                    <tr key={i}>
                      <th scope="row">{c.field ?? c.type}</th>
                      <td>
                        <del>{show(c.before)}</del>
                      </td>
                      <td>
                        <ins>{show(c.after)}</ins>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </li>
        ))}
      </ol>
      {history.data && (history.data.next || history.data.previous) ? (
        <nav className="pagination" aria-label="History pages">
          <button type="button" disabled={!history.data.previous} onClick={() => setPage((p) => p - 1)}>
            Newer
          </button>
          <button type="button" disabled={!history.data.next} onClick={() => setPage((p) => p + 1)}>
            Older
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function show(v: unknown): string {
  if (v === undefined || v === null) return '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
