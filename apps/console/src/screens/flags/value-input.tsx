import { useEffect, useState } from 'react';
import {
  filterValue,
  LIST_OPERATORS,
  PropertyFilter,
  RANGE_OPERATORS,
  rangeTexts,
  rangeValue,
  valueText,
} from './filters';

/**
 * A property filter's value as text (a list for exact, is_not and contains any of: comma-separated;
 * two numbers for between). The text is kept as typed, so that a comma being typed stays; it is
 * shown again from the value only when the value changed from elsewhere (another operator, a reload).
 */
export function FilterValueInput({
  label,
  operator,
  value,
  onChange,
}: {
  label: string;
  operator: string;
  value: PropertyFilter['value'] | undefined;
  onChange: (value: PropertyFilter['value']) => void;
}) {
  const [text, setText] = useState(() => valueText(operator, value));
  useEffect(() => {
    setText((current) =>
      JSON.stringify(filterValue(operator, current)) === JSON.stringify(value) ? current : valueText(operator, value),
    );
  }, [operator, value]);
  if (RANGE_OPERATORS.has(operator)) return <RangeValueInput label={label} value={value} onChange={onChange} />;
  return (
    <input
      aria-label={label}
      title={LIST_OPERATORS.has(operator) ? 'Several values: separate them with commas' : undefined}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(filterValue(operator, e.target.value));
      }}
    />
  );
}

/** A between filter's minimum and maximum, as PostHog's editor asks for them: two numbers. */
function RangeValueInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: PropertyFilter['value'] | undefined;
  onChange: (value: PropertyFilter['value']) => void;
}) {
  const [texts, setTexts] = useState(() => rangeTexts(value));
  useEffect(() => {
    setTexts((current) =>
      JSON.stringify(rangeValue(...current)) === JSON.stringify(value) ? current : rangeTexts(value),
    );
  }, [value]);
  const set = (next: [string, string]) => {
    setTexts(next);
    onChange(rangeValue(...next));
  };
  return (
    <>
      <input
        aria-label={`${label} minimum`}
        type="number"
        placeholder="min"
        className="narrow"
        value={texts[0]}
        onChange={(e) => set([e.target.value, texts[1]])}
      />
      <span>and</span>
      <input
        aria-label={`${label} maximum`}
        type="number"
        placeholder="max"
        className="narrow"
        value={texts[1]}
        onChange={(e) => set([texts[0], e.target.value])}
      />
    </>
  );
}
