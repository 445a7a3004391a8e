import { FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import { ErrorBanner, errorAt, Field } from '../../components/ui';
import { useSession } from '../../session';

/** "Test for a person": the flag's value and the reason for one distinct id, from evaluation_reasons. */
export function TestForPerson({ flagKey }: { flagKey: string }) {
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
