/** `Array.prototype.findLast`, which the ES2020 target this package ships does not have. */
export function findLast<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = items.length; i--; ) if (test(items[i]!)) return items[i];
  return undefined;
}
