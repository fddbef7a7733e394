/**
 * Waits at most `budgetMs` for a set of promises and hands back, for each, its value when it
 * fulfilled in time (rendered in the first HTML: no skeleton, readable without JavaScript) or the
 * promise itself (React Router streams it to an <Await> later, so a slow query never holds back
 * the first byte). A rejection is kept as the promise, for the <Await>'s errorElement.
 */
export async function resolveQuickly<T>(promises: Array<Promise<T>>, budgetMs: number): Promise<Array<T | Promise<T>>> {
  const settled = new Map<Promise<T>, T>();
  for (const p of promises) p.then((value) => settled.set(p, value), () => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(promises), new Promise((resolve) => (timer = setTimeout(resolve, budgetMs)))]);
  clearTimeout(timer);
  return promises.map((p) => (settled.has(p) ? (settled.get(p) as T) : p));
}
