import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { dateRangeError, type DayRange } from '../pickers/date-range-picker';

/** A filter form's props: what the list applies, and its 'Buscar' and 'Limpiar' (the list page's `filterForm`). */
export interface FilterFormProps<F> {
  applied: F;
  onSubmit(filters: F): void;
  onClear(): void;
}

type StringKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** What a filter form holds between 'Buscar's: the draft and the bindings of its fields. */
export interface FilterDraft<F> {
  values: F;
  /** `value` and `onChange(value)` of one field (selects, pickers, amount fields). */
  bind<K extends keyof F>(key: K): { value: F[K]; onChange(value: F[K]): void };
  /** `value` and `onChange(event)` of a plain text field. */
  text(key: StringKeys<F>): { value: string; onChange(event: ChangeEvent<HTMLInputElement>): void };
  /** `value` and `onChange(range)` of the form's `DateRangePicker` (the draft's `from` and `to`). */
  range: F extends DayRange ? { value: F; onChange(range: DayRange): void } : never;
  /**
   * `FiltersForm`'s `onSubmit` and `onClear`: 'Buscar' applies the draft unless its date range or a check of the
   * form fails; 'Limpiar' is the list's.
   */
  form: { onSubmit(): void; onClear(): void };
}

const noCheck = () => false;

/**
 * The draft of a list's filter form: the fields change it, 'Buscar' applies it, nothing is applied while a
 * field is half typed or invalid. 'Limpiar' is the list's: it changes `applied`, and the
 * screen mounts the form again with it (a key), so nothing chosen and not applied survives.
 */
export function useFilterDraft<F extends object>(
  { applied, onSubmit, onClear }: FilterFormProps<F>,
  invalid: (values: F) => boolean = noCheck,
): FilterDraft<F> {
  const [values, setValues] = useState(applied);
  const set = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
  }, []);
  return useMemo(
    () => ({
      values,
      bind: <K extends keyof F>(key: K) => ({
        value: values[key],
        onChange: (value: F[K]) => set(key, value),
      }),
      text: (key) => ({
        value: values[key] as string,
        onChange: (event) => set(key, event.target.value as F[typeof key]),
      }),
      range: {
        value: values,
        onChange: (range: DayRange) => setValues((previous) => ({ ...previous, ...range })),
      } as FilterDraft<F>['range'],
      form: {
        onSubmit: () => {
          const rangeInvalid = 'from' in values && 'to' in values && dateRangeError(values as DayRange);
          if (!rangeInvalid && !invalid(values)) onSubmit(values);
        },
        onClear,
      },
    }),
    [values, set, onSubmit, onClear, invalid],
  );
}
