/** Runs f over items, at most `width` at a time. */
export async function pool<T>(items: readonly T[], width: number, f: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await f(items[next++] as T);
    }),
  );
}
