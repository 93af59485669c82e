/** Small immutable list edits shared by the builders (fields, options, process steps). */
export const replaceAt = <T>({ list, index, item }: { list: readonly T[]; index: number; item: T }) =>
  list.map((current, at) => (at === index ? item : current));

export const removeAt = <T>({ list, index }: { list: readonly T[]; index: number }) =>
  list.filter((_, at) => at !== index);

/** Moves the item at `index` by `offset` places; out of range leaves the list as it is. */
export const moveBy = <T>({ list, index, offset }: { list: readonly T[]; index: number; offset: number }) => {
  const target = index + offset;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item);
  return next;
};
