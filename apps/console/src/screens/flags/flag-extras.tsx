import { FormEvent, useState } from 'react';
import { api, ok, Schemas } from '../../api/client';
import { ErrorBanner, useLoad } from '../../components/ui';
import { useSession } from '../../session';
import type { Condition } from './filters';

/** How many persons a condition set's filters reach (`user_blast_radius`; its rollout not applied). */
export function ConditionReach({ condition }: { condition: Condition }) {
  const { projectId } = useSession();
  const [reach, setReach] = useState<Schemas['BlastRadiusDto'] | null>(null);
  const [error, setError] = useState<unknown>();
  const estimate = async () => {
    setError(undefined);
    try {
      setReach(
        await ok(
          api.POST('/api/projects/{project_id}/feature_flags/user_blast_radius', {
            params: { path: { project_id: String(projectId) } },
            body: { condition: { properties: condition.properties } },
          }),
        ),
      );
    } catch (e) {
      setError(e);
    }
  };
  return (
    <div className="reach">
      <button type="button" className="link" onClick={() => void estimate()}>
        How many persons does this reach?
      </button>
      {reach ? (
        <span role="status">
          {reach.users_affected} of {reach.total_users} persons (
          {reach.total_users ? Math.round((reach.users_affected / reach.total_users) * 100) : 0}%)
          {condition.rollout_percentage !== null && condition.rollout_percentage < 100
            ? `, before the ${condition.rollout_percentage}% rollout`
            : ''}
        </span>
      ) : null}
      <ErrorBanner error={error} />
    </div>
  );
}

/** The flag's SDK evaluations per day (UTC), from the usage counts: bars, with the numbers for screen readers. */
export function Evaluations({ flagId }: { flagId: number }) {
  const { projectId } = useSession();
  const counts = useLoad(
    () =>
      ok(
        api.GET('/api/projects/{project_id}/feature_flags/{id}/evaluations', {
          params: { path: { project_id: String(projectId), id: flagId }, query: { days: 30 } },
        }),
      ),
    [projectId, flagId],
  );
  const results = counts.data?.results ?? [];
  const max = Math.max(1, ...results.map((r) => r.count));
  return (
    <section className="card" aria-labelledby="evaluations-title">
      <h2 id="evaluations-title">Evaluations, last 30 days</h2>
      <ErrorBanner error={counts.error} />
      {counts.data ? (
        <>
          <p>
            {counts.data.total} evaluation{counts.data.total === 1 ? '' : 's'} by SDKs.
          </p>
          <svg
            className="chart"
            viewBox={`0 0 ${results.length * 10} 60`}
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            {results.map((r, i) => {
              const h = (r.count / max) * 58;
              return <rect key={r.date} x={i * 10 + 1} y={60 - h} width={8} height={h} />;
            })}
          </svg>
          <details>
            <summary>Per day</summary>
            <table className="small">
              <caption className="visually-hidden">Evaluations per day</caption>
              <thead>
                <tr>
                  <th scope="col">Day (UTC)</th>
                  <th scope="col">Evaluations</th>
                </tr>
              </thead>
              <tbody>
                {results
                  .filter((r) => r.count > 0)
                  .map((r) => (
                    <tr key={r.date}>
                      <td>{r.date}</td>
                      <td>{r.count}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </details>
        </>
      ) : null}
    </section>
  );
}

/** Copy the flag to other projects of the organization (`copy_flags`). */
export function CopyToProjects({ flag }: { flag: Schemas['FlagDto'] }) {
  const { projectId, me } = useSession();
  const projects = useLoad(() => ok(api.GET('/api/projects', { params: { query: { limit: 200 } } })), []);
  const [targets, setTargets] = useState<number[]>([]);
  const [result, setResult] = useState<string>('');
  const [error, setError] = useState<unknown>();
  const orgId = me.organization?.id;
  const others = (projects.data?.results ?? []).filter((p) => p.id !== projectId);
  const copy = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setResult('');
    try {
      const r = await ok(
        api.POST('/api/organizations/{organization_id}/feature_flags/copy_flags', {
          params: { path: { organization_id: String(orgId) } },
          body: { feature_flag_key: flag.key, from_project: projectId, target_project_ids: targets },
        }),
      );
      setResult(
        `Copied to ${r.success.length} project${r.success.length === 1 ? '' : 's'}` +
          (r.failed.length ? `; ${r.failed.length} failed: ${r.failed.map((f) => JSON.stringify(f)).join(', ')}` : '.'),
      );
    } catch (err) {
      setError(err);
    }
  };
  if (projects.error) return <ErrorBanner error={projects.error} />;
  if (!orgId || others.length === 0) return null;
  return (
    <section className="card" aria-labelledby="copy-title">
      <h2 id="copy-title">Copy to other projects</h2>
      <form onSubmit={copy}>
        <fieldset>
          <legend>Projects</legend>
          {others.map((p) => (
            <div className="checkbox" key={p.id}>
              <input
                id={`copy-${p.id}`}
                type="checkbox"
                checked={targets.includes(p.id)}
                onChange={(e) => setTargets(e.target.checked ? [...targets, p.id] : targets.filter((x) => x !== p.id))}
              />
              <label htmlFor={`copy-${p.id}`}>{p.name}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit" disabled={targets.length === 0}>
          Copy {flag.key}
        </button>
      </form>
      <ErrorBanner error={error} />
      {result ? <p role="status">{result}</p> : null}
    </section>
  );
}

/** Roles that may edit this flag whatever the organization's default (`role_access`). */
export function RoleAccess({ flagId }: { flagId: number }) {
  const { projectId, me } = useSession();
  const orgId = me.organization?.id;
  const path = { project_id: String(projectId), feature_flag_id: flagId };
  const access = useLoad(
    () => ok(api.GET('/api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access', { params: { path } })),
    [projectId, flagId],
  );
  const roles = useLoad(
    () =>
      ok(
        api.GET('/api/organizations/{organization_id}/roles', { params: { path: { organization_id: String(orgId) } } }),
      ),
    [orgId],
  );
  const [roleId, setRoleId] = useState('');
  const [error, setError] = useState<unknown>();
  const list = access.data?.results ?? [];
  const roleList = roles.data?.results ?? [];
  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await ok(
        api.POST('/api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access', {
          params: { path },
          body: { role_id: roleId },
        }),
      );
      access.reload();
    } catch (err) {
      setError(err);
    }
  };
  const remove = async (id: number) => {
    setError(undefined);
    try {
      await ok(
        api.DELETE('/api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access/{id}', {
          params: { path: { ...path, id } },
        }),
      );
      access.reload();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section className="card" aria-labelledby="roles-title">
      <h2 id="roles-title">Role access</h2>
      <ErrorBanner error={access.error ?? roles.error ?? error} />
      {list.length === 0 ? (
        <p className="muted">No role has access of its own: the organization's default applies.</p>
      ) : null}
      <ul>
        {list.map((a) => (
          <li key={a.id}>
            {a.role.name}{' '}
            <button
              type="button"
              className="link danger"
              onClick={() => void remove(a.id)}
              aria-label={`Remove ${a.role.name}'s access`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {roleList.length > 0 ? (
        <form onSubmit={add} className="inline-form">
          <div className="field">
            <label htmlFor="role-access">Role that may edit</label>
            <select id="role-access" value={roleId} onChange={(e) => setRoleId(e.target.value)} required>
              <option value="">Choose a role</option>
              {roleList.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit">Give access</button>
        </form>
      ) : roles.data ? (
        <p className="muted small">The organization has no roles yet: Settings creates them.</p>
      ) : null}
    </section>
  );
}
