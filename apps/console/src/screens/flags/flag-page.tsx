import { FormEvent, useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { api, ApiError, ok, Schemas } from '../../api/client';
import { ErrorBanner, errorAt, Field, formatDate, Switch, useLoad } from '../../components/ui';
import { useSession } from '../../session';
import { Conditions } from './conditions';
import { ConfirmBox } from './confirm-box';
import { CopyToProjects, Evaluations, RoleAccess } from './flag-extras';
import { Draft, draftErrors, filtersErrorAt, Flag, hasErrors, Runtime, toBody, toDraft } from './flag-draft';
import { History } from './flag-history';
import { rebaseDraft } from './filters';
import { TestForPerson } from './test-for-person';
import { useUnsavedGuard } from './use-unsaved-guard';
import { Variants } from './variants';

const RUNTIMES: Array<[Runtime, string]> = [
  ['all', 'All SDKs'],
  ['server', 'Server-side SDKs only'],
  ['client', 'Client-side SDKs only (browsers, mobile)'],
];

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
  const errors = draftErrors(draft);
  const invalid = hasErrors(errors);
  const serverError = filtersErrorAt(error);
  const saved = useMemo(() => JSON.stringify(toDraft(flag)), [flag]);
  useUnsavedGuard(JSON.stringify(draft) !== saved);
  /** The question the header's switch or Delete asks before it acts. */
  const [asking, setAsking] = useState<'enable' | 'disable' | 'delete' | null>(null);

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
  const confirmed = () => {
    setAsking(null);
    void (asking === 'delete' ? setDeleted(true) : toggleActive(asking === 'enable'));
  };
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
            onChange={(v) => setAsking(v ? 'enable' : 'disable')}
            disabled={flag.deleted}
          />
        </div>
      </div>
      {asking === 'enable' || asking === 'disable' ? (
        // PostHog asks too: the switch saves at once, unlike the rest of the page.
        <ConfirmBox
          title={`${asking === 'enable' ? 'Enable' : 'Disable'} feature flag "${flag.key}"?`}
          action={`${asking === 'enable' ? 'Enable' : 'Disable'} flag`}
          danger={asking === 'disable'}
          onConfirm={confirmed}
          onCancel={() => setAsking(null)}
        >
          <p>
            This saves at once and {asking === 'enable' ? 'serves it to' : 'stops serving it to'} everyone within its
            release conditions. Your unsaved edits below stay unsaved.
          </p>
        </ConfirmBox>
      ) : null}
      {!flag.can_edit ? (
        <p className="banner" role="note">
          You can view this flag; changing it takes edit access (your organization's or the flag's role access).
        </p>
      ) : null}
      <ErrorBanner error={error} shownAt={serverError ? fields : fields.filter((f) => f !== 'filters')} />
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

      <Variants draft={draft} change={change} errors={errors} serverError={serverError} />
      <Conditions
        draft={draft}
        change={change}
        error={serverError ? undefined : errorAt(error, 'filters')}
        errors={errors}
        serverError={serverError}
        flagId={flag.id}
      />

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
          <button type="button" className="danger" onClick={() => setAsking('delete')}>
            Delete flag
          </button>
        )}
      </div>
      {asking === 'delete' ? (
        <ConfirmBox
          title={`Delete feature flag "${flag.key}"?`}
          action="Yes, delete"
          danger
          onConfirm={confirmed}
          onCancel={() => setAsking(null)}
        >
          <p>SDKs stop getting it at once. You can restore it from the flag list's Deleted status.</p>
        </ConfirmBox>
      ) : null}
      <p className="muted small">
        Version {flag.version} · created {formatDate(flag.created_at)} by{' '}
        {(flag.created_by as { email?: string } | null)?.email ?? '—'}
      </p>
    </form>
  );
}
