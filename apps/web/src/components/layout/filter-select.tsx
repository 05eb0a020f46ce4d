import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A choice of a filter select: its value and Spanish name. */
export interface FilterChoice<T extends string> {
  value: T;
  label: string;
}

export interface FilterSelectProps<T extends string> {
  label: string;
  /** The chosen value; null is 'Todos'. */
  value: T | null;
  /** The choices in order: a record of Spanish names (its key order) or a list. */
  choices: Readonly<Record<T, string>> | readonly FilterChoice<T>[];
  onChange(value: T | null): void;
  minWidth?: number;
  /** data-testid of the select's visible button ('status-filter'). */
  testId?: string;
}

const ALL = 'ALL';

function choiceList<T extends string>(choices: FilterSelectProps<T>['choices']): readonly FilterChoice<T>[] {
  if (Array.isArray(choices)) return choices as readonly FilterChoice<T>[];
  const names = choices as Readonly<Record<T, string>>;
  return (Object.keys(names) as T[]).map((value) => ({ value, label: names[value] }));
}

/**
 * A list filter's select: 'Todos' (null, nothing filtered) then each choice; small, like every filter field.
 * The status, type and format selects of the list screens.
 */
export function FilterSelect<T extends string>({
  label,
  value,
  choices,
  onChange,
  minWidth = 160,
  testId,
}: FilterSelectProps<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : (event.target.value as T))}
      sx={{ minWidth }}
      slotProps={testId ? { select: { SelectDisplayProps: { 'data-testid': testId } as object } } : undefined}
    >
      <MenuItem value={ALL}>Todos</MenuItem>
      {choiceList(choices).map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
