'use client';

import { useState } from 'react';

/**
 * True from the first render at which `value` was true on. A dialog loaded on demand mounts the
 * first time it opens and then stays mounted, so that closing it still plays its transition.
 */
export const useHasBeenTrue = (value: boolean) => {
  const [hasBeen, setHasBeen] = useState(value);
  if (value && !hasBeen) setHasBeen(true);
  return hasBeen || value;
};
