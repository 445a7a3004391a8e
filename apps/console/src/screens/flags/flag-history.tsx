import { useEffect, useMemo, useState } from 'react';
import { api, ok, Schemas } from '../../api/client';
import { ErrorBanner, formatDate, useLoad } from '../../components/ui';
import { useSession } from '../../session';

type Activity = Schemas['ActivityEntryDto'];

/** The flag's changes, newest first, each with its before and after. */
export function History({ flagId, tick }: { flagId: number; tick: number }) {
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
