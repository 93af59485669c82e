'use client';

import { useRef } from 'react';

let nextKey = 1;

/**
 * Stable React keys for the rows of a group, moved along with add/remove/move so a row keeps its
 * widgets (editor, uploads in flight) when it changes place. Rows themselves carry no id: the
 * stored value stays exactly the schema's fields.
 */
export const useRowKeys = ({ count }: { count: number }) => {
  const keys = useRef<number[]>([]);
  // Rows replaced from outside (a reset, a reload) get fresh keys for the extra ones.
  while (keys.current.length < count) keys.current.push(nextKey++);
  if (keys.current.length > count) keys.current = keys.current.slice(0, count);

  return {
    keys: keys.current,
    add: () => keys.current.push(nextKey++),
    remove: (index: number) => {
      keys.current = keys.current.filter((_, at) => at !== index);
    },
    move: (from: number, to: number) => {
      const next = [...keys.current];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      keys.current = next;
    },
  };
};
