import { useEffect, useState } from 'react';
import { filterValue, PropertyFilter, valueText } from './filters';

/**
 * A property filter's value as text (a list for exact and is_not: comma-separated). The text is
 * kept as typed, so that a comma being typed stays; it is shown again from the value only when
 * the value changed from elsewhere (another operator, a reload).
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
  return (
    <input
      aria-label={label}
      title={operator === 'exact' || operator === 'is_not' ? 'Several values: separate them with commas' : undefined}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(filterValue(operator, e.target.value));
      }}
    />
  );
}
