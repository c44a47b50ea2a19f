/**
 * The values of statements sent together and awaited with Promise.allSettled, or the first failure in
 * the order they were sent: the statement the database met first (those behind it then fail only because
 * it aborted the transaction), or the first check made on an answer.
 */
export function valuesInOrder<T extends readonly unknown[]>(results: { -readonly [K in keyof T]: PromiseSettledResult<T[K]> }): T {
  const values: unknown[] = [];
  for (const result of results as readonly PromiseSettledResult<unknown>[]) {
    if (result.status === 'rejected') throw result.reason;
    values.push(result.value);
  }
  return values as unknown as T;
}
