import { Field } from '../../components/ui';
import { evenSplit } from './filters';
import { Draft, DraftErrors, FiltersErrorAt, newVariant, VariantRow } from './flag-draft';

/** The served value: a boolean flag's payload, or the variants (key, description, split, payload). */
export function Variants({
  draft,
  change,
  errors,
  serverError,
}: {
  draft: Draft;
  change: (p: Partial<Draft>) => void;
  errors: DraftErrors;
  /** A refused save's error about one variant's field. */
  serverError?: FiltersErrorAt;
}) {
  const multivariate = draft.variants.length > 0;
  const setVariants = (variants: VariantRow[]) => change({ variants });
  const setVariant = (id: number, patch: Partial<VariantRow>) =>
    setVariants(draft.variants.map((x) => (x.id === id ? { ...x, ...patch } : x)));
  const addVariant = () => {
    const next = [...draft.variants, newVariant(draft.variants)];
    const even = evenSplit(next.length);
    setVariants(next.map((v, i) => ({ ...v, rollout_percentage: even[i] })));
  };
  const server = (i: number, field: 'key' | 'name' | 'rollout') =>
    serverError?.at === 'variant' && serverError.index === i && serverError.field === field
      ? serverError.message
      : undefined;
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
              { id: 0, key: 'control', name: '', rollout_percentage: 50, payload: '' },
              { id: 1, key: 'test', name: '', rollout_percentage: 50, payload: '' },
            ])
          }
        />
        <label htmlFor="type-multivariate">Multiple variants with rollout percentages</label>
      </fieldset>
      {!multivariate ? (
        <Field label="Payload when on (JSON)" error={errors.payload}>
          {(p) => (
            <textarea
              {...p}
              rows={2}
              className="code"
              value={draft.payload}
              onChange={(e) => change({ payload: e.target.value })}
            />
          )}
        </Field>
      ) : (
        <>
          <ol className="variants">
            {draft.variants.map((v, i) => (
              <li key={v.id} className="variant">
                <Field label={`Variant ${i + 1} key`} error={errors.variantKeys[v.id] ?? server(i, 'key')}>
                  {(p) => <input {...p} value={v.key} onChange={(e) => setVariant(v.id, { key: e.target.value })} />}
                </Field>
                <Field label={`Variant ${i + 1} description`} error={server(i, 'name')}>
                  {(p) => <input {...p} value={v.name} onChange={(e) => setVariant(v.id, { name: e.target.value })} />}
                </Field>
                <Field label={`Variant ${i + 1} rollout (%)`} error={server(i, 'rollout')}>
                  {(p) => (
                    <input
                      {...p}
                      type="number"
                      min={0}
                      max={100}
                      inputMode="numeric"
                      value={Number.isFinite(v.rollout_percentage) ? v.rollout_percentage : ''}
                      onChange={(e) => setVariant(v.id, { rollout_percentage: e.target.valueAsNumber })}
                    />
                  )}
                </Field>
                <Field label={`Variant ${i + 1} payload (JSON)`} error={errors.variantPayloads[v.id]}>
                  {(p) => (
                    <textarea
                      {...p}
                      rows={2}
                      className="code"
                      value={v.payload}
                      onChange={(e) => setVariant(v.id, { payload: e.target.value })}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className="link"
                  disabled={draft.variants.length <= 1}
                  onClick={() => setVariants(draft.variants.filter((x) => x.id !== v.id))}
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
          {errors.split ? (
            <p className="field-error" role="alert">
              {errors.split}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
