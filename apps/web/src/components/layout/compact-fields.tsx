import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import type {} from '@mui/x-date-pickers/themeAugmentation';

type Components = NonNullable<Theme['components']>;

/** The outer theme with the small size as the default of every kind of input field a filter row holds. */
function compactTheme(outer: Theme): Theme {
  const components: Components = outer.components ?? {};
  return {
    ...outer,
    components: {
      ...components,
      MuiTextField: {
        ...components.MuiTextField,
        defaultProps: { ...components.MuiTextField?.defaultProps, size: 'small' },
      },
      MuiAutocomplete: {
        ...components.MuiAutocomplete,
        defaultProps: { ...components.MuiAutocomplete?.defaultProps, size: 'small' },
      },
      MuiPickersTextField: {
        ...components.MuiPickersTextField,
        defaultProps: { ...components.MuiPickersTextField?.defaultProps, size: 'small' },
      },
    },
  };
}

/**
 * Every text field, select, autocomplete (the collector picker) and date field inside is small unless it says
 * otherwise, so a row of filters lines up at one height whichever kit pickers it mixes with plain fields.
 */
export function CompactFields({ children }: { children: ReactNode }) {
  // The outer theme is read here rather than through a theme function: MUI's default theme when none is provided.
  const outer = useTheme();
  const theme = useMemo(() => compactTheme(outer), [outer]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
