import { autoUpdate, offset, size, useFloating } from '@floating-ui/react-dom';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import {
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type UIEvent,
} from 'react';
import type { FieldProps, FormOption } from '../../types';
import { describe, FieldShell, hasHint, INPUT_CLASSES } from '../field-shell';
import {
  CLOSE_AFTER_BLUR_MS,
  DROPDOWN_MAX_HEIGHT_PX,
  filterOptions,
  NEXT_PAGE_THRESHOLD_PX,
  OTHER_OPTION,
  SEARCH_DEBOUNCE_MS,
  selectedValues,
  TEXTS,
  withOther,
  type NormalizedOption,
} from './option-utils';
import { offeredOptions, parentKeyOf } from '../../engine/dependencies';
import { useAsyncOptions, useChosenLabels } from './use-async-options';

interface ComboboxFieldProps extends FieldProps {
  isMultiple: boolean;
}

/** Waits `ms` of quiet before passing `value` on (the async search). */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * `combobox` (static options filtered while typing), `dynamicCombobox` and
 * `dynamicComboboxMultiple` (options paged from `item.getOptions`): the WAI-ARIA 1.2 combobox
 * pattern — a text input with a listbox popup, the active option announced through
 * aria-activedescendant. ADR 0020 says why it is not Headless UI's Combobox (the 250 ms close after
 * blur of spec §9 needs the open state in our hands).
 */
export function ComboboxField(props: ComboboxFieldProps) {
  const client = useContext(QueryClientContext);
  if (client) return <Combobox {...props} />;
  // A form rendered outside the app's providers (a story, an isolated test) still works.
  return (
    <QueryClientProvider client={fallbackClient}>
      <Combobox {...props} />
    </QueryClientProvider>
  );
}

const fallbackClient = new QueryClient();

function Combobox({
  item,
  value,
  values,
  onChange,
  onBlur,
  error,
  id,
  isMultiple,
}: ComboboxFieldProps) {
  const isDynamic = item.getOptions !== undefined;
  const offered = isDynamic ? undefined : offeredOptions(item, values);
  // Spec §4 Dependent select: keeping only valid choices is the form's (useDependencies); the
  // parents' values only key the pages asked for here.
  const parentKey = parentKeyOf(item, values);

  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Spec §9: the dropdown is at most 300 px high. It opens below the field, or above it when
  // there is more room there (a field low in a dialog or on a phone), never past the window's
  // edge: the height is the room left, up to 300 px, and the list scrolls inside.
  const [placement, setPlacement] = useState<'bottom-start' | 'top-start'>('bottom-start');
  const { refs, floatingStyles } = useFloating({
    open: isOpen,
    placement,
    strategy: 'fixed',
    middleware: [
      offset(4),
      size({
        padding: 8,
        apply({ availableHeight, rects, elements }) {
          Object.assign(elements.floating.style, {
            width: `${rects.reference.width}px`,
            maxHeight: `${Math.max(120, Math.min(DROPDOWN_MAX_HEIGHT_PX, availableHeight))}px`,
          });
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const { setReference, setFloating } = refs;
  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      inputRef.current = element;
      setReference(element);
    },
    [setReference],
  );
  const listId = useId();
  const search = query ?? '';
  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS);
  // Labels of options chosen from an async source, for the chips and the input once the list closes.
  const [chosenLabels, setChosenLabels] = useState<Record<string, string>>({});

  const remote = useAsyncOptions({
    getOptions: item.getOptions,
    search: debouncedSearch.trim(),
    values,
    parentKey,
    isOpen: isOpen && isDynamic,
  });

  const selected = selectedValues(value);
  // A saved record's choices are values (ids) this field has not listed yet: their labels are
  // asked for once.
  const unknown = isDynamic
    ? selected.filter((v) => v !== OTHER_OPTION && chosenLabels[v] === undefined)
    : [];
  const looked = useChosenLabels({ getOptions: item.getOptions, unknown, values, parentKey });

  const isSearching = isDynamic && (search !== debouncedSearch || remote.isLoading);
  const offeredKey = JSON.stringify(offered ?? null);
  const options: NormalizedOption[] = useMemo(() => {
    // Spec §8: while the options load the list shows "Cargando..." alone, not "Otra" as if
    // nothing had been found.
    if (isDynamic) return isSearching ? [] : withOther(remote.options);
    // offeredKey stands for `offered`, a new array on every render.
    const all = withOther(JSON.parse(offeredKey) as FormOption[]);
    const found = filterOptions(all, search);
    return found.some((o) => o.value === OTHER_OPTION) ? found : [...found, all[all.length - 1]!];
  }, [isDynamic, isSearching, remote.options, offeredKey, search]);

  const labelOf = (v: string): string | undefined =>
    item.displayValue?.(v) ??
    chosenLabels[v] ??
    looked.labels[v] ??
    options.find((option) => option.value === v)?.label ??
    (isDynamic && v !== OTHER_OPTION ? undefined : v);

  const realCount = options.filter((o) => o.value !== OTHER_OPTION).length;
  // Spec §8: "Cargando..." while loading; with no search an empty answer says so; a search that
  // finds nothing shows only "Otra".
  const status = isSearching
    ? TEXTS.loading
    : realCount === 0 && search.trim() === ''
      ? TEXTS.empty
      : undefined;

  // Spec §9: the next page loads within 100 px of the list's bottom, which is also where a list
  // is when it does not fill its 300 px, so such a list asks at once instead of waiting for a
  // scroll that cannot happen. (A list without layout, clientHeight 0, is not measured.)
  const loadMore = remote.loadMore;
  useEffect(() => {
    const list = listRef.current;
    if (!isOpen || !list || list.clientHeight === 0) return;
    if (list.scrollHeight - list.scrollTop - list.clientHeight <= NEXT_PAGE_THRESHOLD_PX) {
      loadMore();
    }
  }, [isOpen, options.length, loadMore]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const open = () => {
    // The side is chosen when the list opens, from the room the field has below and above it
    // (a flip decided later would see a list the size rule has already shortened).
    const field = inputRef.current?.getBoundingClientRect();
    if (field) {
      const below = window.innerHeight - field.bottom;
      const above = field.top;
      setPlacement(
        below < DROPDOWN_MAX_HEIGHT_PX + 12 && above > below ? 'top-start' : 'bottom-start',
      );
    }
    setIsOpen(true);
  };
  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
    setQuery(null);
  };

  const choose = (option: NormalizedOption) => {
    setChosenLabels((known) => ({ ...known, [option.value]: option.label }));
    if (isMultiple) {
      const isChosen = selected.includes(option.value);
      onChange(isChosen ? selected.filter((v) => v !== option.value) : [...selected, option.value]);
      setQuery(null);
      return;
    }
    onChange(option.value);
    close();
  };

  const remove = (v: string) => {
    onChange(selected.filter((chosen) => chosen !== v));
    inputRef.current?.focus();
  };

  const move = (to: number) => {
    if (options.length === 0) return;
    const index = (to + options.length) % options.length;
    setActiveIndex(index);
    document.getElementById(`${listId}-${index}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) {
          open();
          setActiveIndex(0);
        } else move(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) {
          open();
          setActiveIndex(options.length - 1);
        } else move(activeIndex < 0 ? options.length - 1 : activeIndex - 1);
        break;
      case 'Enter':
        if (isOpen && activeIndex >= 0 && options[activeIndex]) {
          event.preventDefault();
          choose(options[activeIndex]);
        }
        break;
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          close();
        }
        break;
      case 'Backspace':
        if (isMultiple && search === '' && selected.length > 0) {
          onChange(selected.slice(0, -1));
        }
        break;
    }
  };

  // Spec §9: close 250 ms after focus leaves the whole widget (input, list, chips).
  const onBlurWidget = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      close();
      onBlur();
    }, CLOSE_AFTER_BLUR_MS);
  };
  const onFocusWidget = () => clearTimeout(closeTimer.current);

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    const distance = list.scrollHeight - list.scrollTop - list.clientHeight;
    if (distance <= NEXT_PAGE_THRESHOLD_PX) remote.loadMore();
  };

  const inputValue = isMultiple
    ? search
    : (query ?? (selected[0] ? (labelOf(selected[0]) ?? '') : ''));
  return (
    <FieldShell item={item} id={id} error={error}>
      <div className="relative" onBlur={onBlurWidget} onFocus={onFocusWidget}>
        {isMultiple && selected.length > 0 ? (
          <ul aria-label="Opciones elegidas" className="mb-2 flex flex-wrap gap-2">
            {selected.map((v) => (
              <li
                key={v}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-900"
              >
                {labelOf(v) ?? TEXTS.loading}
                <button
                  type="button"
                  aria-label={`Quitar ${labelOf(v) ?? ''}`}
                  onClick={() => remove(v)}
                  className="rounded-full px-1.5 text-slate-700 hover:bg-slate-200"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={setInput}
          id={id}
          type="text"
          role="combobox"
          name={item.value}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-activedescendant={
            isOpen && activeIndex >= 0 && options[activeIndex]
              ? `${listId}-${activeIndex}`
              : undefined
          }
          aria-required={item.optional ? undefined : true}
          {...describe(id, error, hasHint(item))}
          placeholder={looked.isLoading ? TEXTS.loading : (item.placeholder ?? TEXTS.placeholder)}
          value={inputValue}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(-1);
            open();
          }}
          onClick={open}
          onKeyDown={onKeyDown}
          className={INPUT_CLASSES}
        />
        {isOpen ? (
          <div
            ref={setFloating}
            style={floatingStyles}
            className="z-30 flex max-h-[300px] flex-col rounded-lg border border-slate-300 bg-white shadow-lg"
          >
            {/* Always present, so screen readers announce its text when it changes. */}
            <p
              role="status"
              className={status ? 'shrink-0 px-3 py-2 text-sm text-slate-600' : 'sr-only'}
            >
              {status ?? ''}
            </p>
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label={typeof item.label === 'string' ? item.label : undefined}
              aria-multiselectable={isMultiple || undefined}
              aria-busy={remote.isLoading || undefined}
              onScroll={onScroll}
              className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-1"
            >
              {options.map((option, index) => {
                const isSelected = selected.includes(option.value);
                return (
                  <li
                    key={option.value}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={isSelected}
                    // Keep the focus in the input: the list is driven from the keyboard there.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                    onMouseEnter={() => setActiveIndex(index)}
                    className={`cursor-pointer px-3 py-2 text-sm text-slate-900 ${
                      index === activeIndex ? 'bg-slate-100' : ''
                    } ${isSelected ? 'font-semibold' : ''}`}
                  >
                    {isMultiple ? (
                      <span aria-hidden="true" className="mr-2 inline-block w-3">
                        {isSelected ? '✓' : ''}
                      </span>
                    ) : null}
                    {option.label}
                    {item.extraOptionsInfo?.[option.value] ? (
                      <span className="block text-slate-600">
                        {item.extraOptionsInfo[option.value]}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {remote.isLoadingMore ? (
              <p className="shrink-0 px-3 py-2 text-sm text-slate-600">{TEXTS.loading}</p>
            ) : null}
          </div>
        ) : null}
      </div>
    </FieldShell>
  );
}
