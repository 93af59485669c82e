'use client';

import { useEffect, useRef, useState } from 'react';

type UseLoadedOptions<T> = {
  /** What is shown (an item, a filter); null loads nothing. A new key drops the old data at once. */
  key: string | null;
  /** Changed to load the same key again; the old data stays on screen meanwhile. */
  version: number | string;
  load: () => Promise<T>;
};

/**
 * Data loaded by `load` for `key`. Only the latest request may draw; a failed one keeps what was
 * shown (the API client has told the user why).
 */
export const useLoaded = <T>({ key, version, load }: UseLoadedOptions<T>) => {
  const [loaded, setLoaded] = useState<{ key: string; data: T } | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const latest = useRef(0);
  const loadRef = useRef(load);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const request = ++latest.current;
    if (key === null) {
      setIsLoading(false);
      return;
    }
    setIsLoading(true);
    loadRef
      .current()
      .then((data) => {
        if (request === latest.current) setLoaded({ key, data });
      })
      .catch(() => {
        // Shown by the API client.
      })
      .finally(() => {
        if (request === latest.current) setIsLoading(false);
      });
  }, [key, version]);

  const data = loaded !== null && loaded.key === key ? loaded.data : null;
  return { data, isLoading };
};
