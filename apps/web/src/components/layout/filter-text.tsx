import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FilterTextProps = Omit<TextFieldProps, 'slotProps' | 'select'> & {
  /** data-testid of the input ('imports-search-input'), as `FilterSelect`'s `testId`. */
  testId?: string;
  /** The most characters the field takes (a filter sent upstream has a limit; nothing longer can be typed). */
  maxLength?: number;
};

/** A list filter's free-text field: the draft's `text(key)` spread on it, its input named for the tests. */
export function FilterText({ testId, maxLength, ...props }: FilterTextProps) {
  return <TextField {...props} slotProps={{ htmlInput: { 'data-testid': testId, maxLength } }} />;
}
