import type { ReactNode } from 'react';
import { SearchBar } from '../layout/search-bar';

/** The part of a list's state a search bar reads and writes: a list whose filters have a `search` text. */
export interface SearchableList {
  state: { search: string };
  setFilters(filters: { search: string }): void;
  clear(): void;
}

/**
 * The kit's SearchBar bound to a list's `search` filter: it starts from the applied text (and follows it when
 * the list changes), Buscar applies the text, Limpiar returns the list to its defaults.
 */
export function ListSearchBar({
  list,
  ariaLabel,
  placeholder,
  inputTestId,
  children,
}: {
  list: SearchableList;
  ariaLabel: string;
  placeholder: string;
  inputTestId?: string;
  children?: ReactNode;
}) {
  const { search } = list.state;
  return (
    <SearchBar
      key={search}
      ariaLabel={ariaLabel}
      search={search}
      placeholder={placeholder}
      onSubmit={(text) => list.setFilters({ search: text })}
      onClear={list.clear}
      inputTestId={inputTestId}
    >
      {children}
    </SearchBar>
  );
}
