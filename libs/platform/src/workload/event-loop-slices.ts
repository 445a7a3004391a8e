import { setImmediate as nextTurn } from 'node:timers/promises';

/** Longest stretch of synchronous work between two turns of the event loop. */
export const SLICE_MS = 5;

/**
 * `await` what it returns often (it is undefined until `sliceMs` have passed since the last
 * turn): a turn of the event loop, so that other requests are answered between slices of a long
 * piece of work.
 */
export function eventLoopSlicer(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}

/** `fn` of every item, in order, with a turn of the event loop every `SLICE_MS`. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T, index: number) => R): Promise<R[]> {
  const pause = eventLoopSlicer();
  const out = new Array<R>(items.length);
  for (let i = 0; i < items.length; i++) {
    out[i] = fn(items[i], i);
    await pause();
  }
  return out;
}

/** `fn` for every item, in order, with a turn of the event loop every `SLICE_MS`. */
export async function forEachInSlices<T>(items: Iterable<T>, fn: (item: T, index: number) => void): Promise<void> {
  const pause = eventLoopSlicer();
  let i = 0;
  for (const item of items) {
    fn(item, i++);
    await pause();
  }
}
