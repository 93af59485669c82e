'use client';

import type { AutocompleteProps } from '@mui/material/Autocomplete';
import { useCallback, useEffect, useState } from 'react';
import type { OutOption } from '@/lib/client/api/out-options';
import { isServerSearched, loadOutOptions, resolveOutLabel, searchOutOptions } from './out-options';

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
      .catch(
        (error: unknown) =>
          isCurrent &&
          setState({
            options: [],
            isLoading: false,
            error: error instanceof Error ? error.message : '选项加载失败',
          }),
      );
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
export const useOutLabel = ({
  url,
  value,
  options,
  isLoading,
}: {
  url: string;
  value: string;
  options: OutOption[];
  isLoading: boolean;
}) => {
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
 * An out_auto Autocomplete's props (the form widget and the search filter share them). A
 * server-searched relation searches titles on the server as the user types (the first list holds
 * only the newest items) and shows a stored value's title even when it is not among them; another
 * url's fixed list is filtered in the browser. `onPick` gets the option chosen (null: cleared).
 */
export const useOutAutocomplete = ({
  url,
  value,
  onPick,
}: {
  url: string;
  value: string;
  onPick: (option: OutOption | null) => void;
}) => {
  const base = useOutOptions({ url });
  const isSearched = isServerSearched({ url });
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<OutOption[] | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  // The option last chosen (perhaps from a search): its title is known without asking again.
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

  const label = useOutLabel({
    url,
    value,
    options: picked ? [picked, ...base.options] : base.options,
    isLoading: base.isLoading,
  });

  const autocompleteProps = {
    options: found ?? base.options,
    value: value ? { label, value } : null,
    loading: base.isLoading || isSearching,
    loadingText: '加载中…',
    noOptionsText: base.error ? '选项加载失败' : '暂无选项',
    getOptionLabel: (option: OutOption) => option.label,
    getOptionKey: (option: OutOption) => String(option.value),
    isOptionEqualToValue: (option: OutOption, chosen: OutOption) =>
      String(option.value) === String(chosen.value),
    onChange: (_: unknown, option: OutOption | null) => {
      setPicked(option);
      onPick(option);
    },
    ...(isSearched && {
      // The server has filtered; the browser must not filter again (nor down to the chosen one).
      filterOptions: (list: OutOption[]) => list,
      onInputChange: (_: unknown, text: string, reason: string) => setKeyword(reason === 'input' ? text : ''),
    }),
  } satisfies Partial<AutocompleteProps<OutOption, false, false, false>>;

  return { autocompleteProps, error: base.error, reload: base.reload };
};
