import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Suggestion } from '../../domain/catalog/quickSuggestions.ts';
import { $quickSearch, closeQuickSearch, typeQuickSearch } from '../../stores/quickSearch.ts';

export interface QuickSearchProps {
  action: string;
  /** What the box shows on arrival (the results page's query). */
  query?: string;
  labels: {
    label: string;
    placeholder: string;
    submit: string;
    products: string;
    categories: string;
    empty: string;
  };
}

interface Option extends Suggestion {
  id: string;
}

/**
 * The header search box with suggestions (spec: from 2 characters, throttled to 500 ms; products
 * and categories). A combobox: arrows move through the options, Enter opens one or, with none
 * chosen, submits the form to the results page; Escape closes. Without JavaScript the same form
 * still submits.
 */
export function QuickSearch({ action, query = '', labels }: QuickSearchProps) {
  const state = useStore($quickSearch);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const suggestions = state.status === 'ready' || state.status === 'loading' ? state.suggestions : null;
  const input = useRef<HTMLInputElement>(null);
  // Hydration starts on focus, so the shopper may already have typed: search for that at once
  // (not for the results page's own query, whose results are the page).
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed && typed !== query) typeQuickSearch(typed);
  }, [query]);

  // Ids for aria-activedescendant: unique per island instance.
  const withId = (list: readonly Suggestion[] = []): Option[] => list.map((s) => ({ ...s, id: `${listId}-${s.key}` }));
  const categories = withId(suggestions?.categories);
  const products = withId(suggestions?.products);
  const options = [...categories, ...products];
  const open = state.status !== 'idle' && state.query.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && active >= 0 && options[active]) {
      event.preventDefault();
      window.location.assign(options[active].href);
    } else if (event.key === 'Escape') {
      setActive(-1);
      closeQuickSearch();
    }
  };

  const list = (title: string, items: Option[], offset: number) =>
    items.length > 0 && (
      <li role="presentation" className="qs-group">
        <span className="qs-group-title" aria-hidden="true">
          {title}
        </span>
        <ul role="group" aria-label={title}>
          {items.map((option, index) => (
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={active === offset + index}
              className={active === offset + index ? 'qs-option qs-active' : 'qs-option'}
            >
              <a href={option.href} tabIndex={-1}>
                <span>{option.text}</span>
                {option.detail && <span className="qs-detail">{option.detail}</span>}
              </a>
            </li>
          ))}
        </ul>
      </li>
    );

  return (
    <form className="search" role="search" action={action} method="get" data-quick-search="hydrated">
      <label className="visually-hidden" htmlFor="site-search">
        {labels.label}
      </label>
      <input
        ref={input}
        id="site-search"
        // The ARIA practices' combobox is a text input: HTML allows no role on type=search (the Nu
        // checker's error on every page, issue 28). The phone still shows its search key.
        type="text"
        inputMode="search"
        enterKeyHint="search"
        name="q"
        minLength={2}
        required
        autoComplete="off"
        defaultValue={query}
        placeholder={labels.placeholder}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? options[active]?.id : undefined}
        // Uncontrolled: what was typed before hydration stays in the box.
        onInput={(event) => {
          setActive(-1);
          typeQuickSearch(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(closeQuickSearch, 150)}
      />
      <button type="submit" aria-label={labels.submit}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2.2" fill="none" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={labels.label}
        className="qs-list"
        hidden={!open}
        aria-busy={state.status === 'loading'}
        data-query={state.status === 'ready' ? state.query : undefined}
      >
        {open && options.length === 0 && state.status === 'ready' && (
          <li role="presentation" className="qs-empty">
            {labels.empty}
          </li>
        )}
        {list(labels.categories, categories, 0)}
        {list(labels.products, products, categories.length)}
      </ul>
    </form>
  );
}
