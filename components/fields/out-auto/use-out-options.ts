'use client';

import type { AutocompleteProps } from '@mui/material/Autocomplete';
import { useCallback, useEffect, useState } from 'react';
import { isServerSearched, loadOutOptions, resolveOutLabel, searchOutOptions, type OutOption } from './out-options';

type OutOptionsState = { options: OutOption[]; isLoading: boolean; error: string | null };

/** The options of an out_auto field, loaded from its url when the widget or cell appears. */
export const useOutOptions = ({ url }: { url: string }) => {
  const [state, setState] = useState<OutOptionsState>({ options: [], isLoading: Boolean(url), error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    setState((previous) => ({ ...previous, isLoading: true, error: null }));
    loadOutOptions({ url, isFresh: attempt > 0 })
      .then((options) => isCurrent && setState({ options, isLoading: false, error: null }))
      .catch((error: unknown) => isCurrent && setState({ options: [], isLoading: false, error: error instanceof Error ? error.message : '选项加载失败' }));
    return () => {
      isCurrent = false;
    };
  }, [url, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, reload };
};

/**
 * The label to show for a stored value: the loaded options', else (a server-searched relation,
 * once the options are in) the item's title found by id, else the stored value itself.
 */
export const useOutLabel = ({ url, value, options, isLoading }: { url: string; value: string; options: OutOption[]; isLoading: boolean }) => {
  const listed = value ? options.find((option) => String(option.value) === value)?.label : undefined;
  const needsLookup = Boolean(value) && listed === undefined && !isLoading && isServerSearched({ url });
  const [found, setFound] = useState<{ value: string; label: string | null } | null>(null);
  useEffect(() => {
    if (!needsLookup) return;
    let isCurrent = true;
    void resolveOutLabel({ url, value }).then((label) => isCurrent && setFound({ value, label }));
    return () => {
      isCurrent = false;
    };
  }, [url, value, needsLookup]);
  return listed ?? (found?.value === value ? found.label : null) ?? value;
};

const SEARCH_DELAY_MS = 250;

/**
 * An out_auto Autocomplete's state. A server-searched relation searches titles on the server as
 * the user types (the first list holds only the newest items) and shows a stored value's title
 * even when it is not among them; another url's fixed list is filtered in the browser.
 */
export const useOutAutocomplete = ({ url, value }: { url: string; value: string }) => {
  const base = useOutOptions({ url });
  const isSearched = isServerSearched({ url });
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<OutOption[] | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const [picked, setPicked] = useState<OutOption | null>(null);

  useEffect(() => {
    const text = keyword.trim();
    if (!isSearched || !text) {
      setFound(null);
      setIsSearching(false);
      return;
    }
    let isCurrent = true;
    setIsSearching(true);
    const timer = setTimeout(() => {
      searchOutOptions({ url, keyword: text })
        .then((options) => isCurrent && setFound(options))
        .catch(() => isCurrent && setFound([]))
        .finally(() => isCurrent && setIsSearching(false));
    }, SEARCH_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [url, keyword, isSearched]);

  const options = found ?? base.options;
  const pickedLabel = picked && String(picked.value) === value ? picked.label : undefined;
  const resolved = useOutLabel({ url, value, options: base.options, isLoading: base.isLoading || pickedLabel !== undefined });
  const selected: OutOption | null = value ? { label: pickedLabel ?? options.find((option) => String(option.value) === value)?.label ?? resolved, value } : null;

  const searchProps: Partial<AutocompleteProps<OutOption, false, false, false>> = isSearched
    ? {
        // The server has filtered; the browser must not filter again (nor down to the chosen one).
        filterOptions: (list) => list,
        onInputChange: (_, text, reason) => setKeyword(reason === 'input' ? text : ''),
      }
    : {};

  return {
    options,
    selected,
    isLoading: base.isLoading || isSearching,
    error: base.error,
    reload: base.reload,
    remember: setPicked,
    searchProps,
  };
};
