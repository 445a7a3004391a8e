function flattenInto(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value === null || value === undefined) {
    out.set(prefix, '');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => flattenInto(v, `${prefix}.${i}`, out));
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flattenInto(v, `${prefix}.${k}`, out);
  } else {
    out.set(prefix, String(value));
  }
}

/** Natural order of dotted column names: `distinct_ids.2` before `distinct_ids.10`. */
function compareColumns(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    const na = /^\d+$/.test(pa[i]);
    const nb = /^\d+$/.test(pb[i]);
    if (na && nb) return Number(pa[i]) - Number(pb[i]);
    return pa[i] < pb[i] ? -1 : 1;
  }
  return pa.length - pb.length;
}

function cell(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows as CSV (RFC 4180, CRLF line ends) with a header row, flattened as
 * djangorestframework-csv does: nested keys become dotted columns (`properties.email`,
 * `distinct_ids.0`). Top-level fields keep their order; the columns under each are sorted.
 */
export function toCsv(rows: readonly object[], fields: readonly string[]): string {
  const flat = rows.map((row) => {
    const out = new Map<string, string>();
    for (const field of fields) flattenInto((row as Record<string, unknown>)[field], field, out);
    return out;
  });
  const columns: string[] = [];
  for (const field of fields) {
    const under = new Set<string>();
    for (const row of flat)
      for (const key of row.keys()) if (key === field || key.startsWith(`${field}.`)) under.add(key);
    columns.push(...[...under].sort(compareColumns));
  }
  const lines = [columns.map(cell).join(',')];
  for (const row of flat) lines.push(columns.map((c) => cell(row.get(c) ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
