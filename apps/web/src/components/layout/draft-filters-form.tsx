import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { CollectorPicker, type CollectorRef } from '../pickers/collector-picker';
import { DateRangePicker, type DayRange } from '../pickers/date-range-picker';
import { AmountFilterField } from './amount-filter-field';
import { useFilterDraft, type FilterDraft, type FilterFormProps } from './filter-draft';
import { FilterSelect, type FilterSelectProps } from './filter-select';
import { FilterText } from './filter-text';
import { FiltersForm } from './filters-form';

type KeysOf<F, V> = { [K in keyof F]-?: F[K] extends V ? K : never }[keyof F];

/** A free-text field of the draft (`FilterText`): its input's test id and, where the filter has one, its limit. */
export interface TextFilterField<F> {
  text: KeysOf<F, string>;
  label: string;
  placeholder?: string;
  testId: string;
  maxLength?: number;
}

/** A 'Todos'-or-one select of the draft (`FilterSelect`). */
export interface SelectFilterField<F> {
  select: KeysOf<F, string | null>;
  label: string;
  choices: FilterSelectProps<string>['choices'];
  minWidth?: number;
  testId: string;
}

/** The draft's collector (`CollectorPicker`), at least `minWidth` wide in a wrapping row. */
export interface CollectorFilterField<F> {
  collector: KeysOf<F, CollectorRef | null>;
  minWidth?: number;
}

/** An amount typed as text (`AmountFilterField`); the form's `invalid` keeps an unreadable one from applying. */
export interface AmountFilterFieldSpec<F> {
  amount: KeysOf<F, string>;
  label: string;
  width: number;
  testId: string;
}

/** The draft's `from` and `to` days (`DateRangePicker`): only in a form whose filters are a `DayRange`. */
export interface DayRangeFilterField {
  dayRange: true;
}

/**
 * One field of a filter form, as data: a text, a select, the collector, an amount, the day range, or a field of the
 * area's own drawn from the draft.
 */
export type FilterField<F> =
  | TextFilterField<F>
  | SelectFilterField<F>
  | CollectorFilterField<F>
  | AmountFilterFieldSpec<F>
  | (F extends DayRange ? DayRangeFilterField : never)
  | ((draft: FilterDraft<F>) => ReactNode);

/** The day range of a filter form (`FilterField`). */
export const DAY_RANGE_FILTER: DayRangeFilterField = { dayRange: true };

/** `bind(key)` of a field whose key's type the field's spec already checked. */
function bound<F, V>(draft: FilterDraft<F>, key: keyof F) {
  return draft.bind(key) as unknown as { value: V; onChange(value: V): void };
}

function fieldOf<F extends object>(field: FilterField<F>, draft: FilterDraft<F>): ReactNode {
  if (typeof field === 'function') return field(draft);
  if ('text' in field) {
    const { text, ...props } = field;
    return <FilterText {...props} {...draft.text(text)} />;
  }
  if ('select' in field) {
    const { select, ...props } = field;
    return <FilterSelect {...props} {...bound<F, string | null>(draft, select)} />;
  }
  if ('collector' in field) {
    const picker = <CollectorPicker {...bound<F, CollectorRef | null>(draft, field.collector)} />;
    return field.minWidth === undefined ? picker : <Box sx={{ minWidth: field.minWidth }}>{picker}</Box>;
  }
  if ('amount' in field) {
    const { amount, ...props } = field;
    return <AmountFilterField {...props} {...bound<F, string>(draft, amount)} />;
  }
  return (
    <DateRangePicker relative {...(draft.range as { value: DayRange; onChange(range: DayRange): void })} />
  );
}

export type DraftFiltersFormProps<F> = FilterFormProps<F> & {
  /** The form's accessible name ('Filtros de importaciones'). */
  ariaLabel: string;
  /** The fields in the order they are shown. */
  fields: readonly FilterField<F>[];
  /** `FiltersForm`'s grid columns, where the row is a grid. */
  columns?: string;
  /** Whether a field's value keeps 'Buscar' from applying the draft (a module constant, not a new function). */
  invalid?: (values: F) => boolean;
};

/**
 * A list's filter form written as its fields: a draft (`useFilterDraft`) applied on 'Buscar', each field bound to
 * its key of the filters, every field small in the kit's `FiltersForm`.
 */
export function DraftFiltersForm<F extends object>({
  ariaLabel,
  fields,
  columns,
  invalid,
  ...form
}: DraftFiltersFormProps<F>) {
  const draft = useFilterDraft(form, invalid);
  return (
    <FiltersForm ariaLabel={ariaLabel} columns={columns} {...draft.form}>
      {fields.map((field, index) => (
        // The fields are a constant list: their places never change between renders.
        <Fragment key={index}>{fieldOf(field, draft)}</Fragment>
      ))}
    </FiltersForm>
  );
}
