import type { ReactNode } from 'react';
import { SearchBar } from '../layout/search-bar';

/** What `ListSearchBar` reads of `useListPage`'s handle: a list whose filters have a `search` text. */
export interface SearchableListPage {
  state: { search: string };
  list: {
    setFilters(filters: { search: string }): void;
    clear(): void;
    /** How many times 'Limpiar' ran (the handle's `clears`): the field drops unapplied text on each. */
    clears?: number;
  };
}

export interface ListSearchBarProps {
  page: SearchableListPage;
  /** Accessible name of the search form ('Filtros de referencias de pagadores'). */
  ariaLabel: string;
  placeholder: string;
  /** Under the field: what the search looks in. */
  helperText?: string;
  /** With 'Limpiar' (back to the list's defaults). */
  clearable?: boolean;
  inputTestId?: string;
  /** Other filters that apply at once (a collector picker). */
  children?: ReactNode;
}

/**
 * The kit's `SearchBar` bound to a list page: it starts from the applied search (and follows a change of it from
 * elsewhere), 'Buscar' applies the trimmed text and 'Limpiar' empties it, applied or not.
 */
export function ListSearchBar({
  page,
  ariaLabel,
  placeholder,
  helperText,
  clearable,
  inputTestId,
  children,
}: ListSearchBarProps) {
  const { state, list } = page;
  return (
    <SearchBar
      key={`${state.search}#${list.clears ?? 0}`}
      ariaLabel={ariaLabel}
      search={state.search}
      placeholder={placeholder}
      helperText={helperText}
      onSubmit={(search) => list.setFilters({ search })}
      onClear={clearable ? list.clear : undefined}
      inputTestId={inputTestId}
    >
      {children}
    </SearchBar>
  );
}
