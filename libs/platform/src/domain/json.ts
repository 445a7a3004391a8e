/** How deep stored JSON (property values, filters) may nest: deeper is refused before anything recurses into it. */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests objects/arrays more than `max` levels deep (checked without recursion). */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
