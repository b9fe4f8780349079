// A bounded pool for work that waits on an implementation or an oracle: the phases, the replay and
// the triage's reductions each keep a few questions in flight without flooding the other side.

/** Runs `work` over `items` with up to `width` in flight, in order of completion. */
export async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i] as T, i);
    }
  });
  await Promise.all(lanes);
}
