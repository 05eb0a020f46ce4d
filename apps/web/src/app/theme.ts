import { createTheme, alpha, type Theme } from '@mui/material/styles';

/** System fonts only: the back-office loads nothing from outside (works offline, strict CSP). */
const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Noto Sans"',
  '"Liberation Sans"',
  'Arial',
  'sans-serif',
].join(',');

/** Colors of the side menu (a deep navy panel) shared with the shell. */
export const SIDEBAR = {
  background: '#0b2540',
  text: 'rgba(255,255,255,0.78)',
  textStrong: '#ffffff',
  muted: 'rgba(255,255,255,0.5)',
  hover: 'rgba(255,255,255,0.07)',
  selected: 'rgba(38,166,154,0.22)',
  accent: '#4dd0c4',
  divider: 'rgba(255,255,255,0.1)',
} as const;

/** The side menu's surface, docked (app/shell/shell-layout.tsx) or over the page (app/shell/mobile-drawer.tsx). */
export const SIDEBAR_PAPER = {
  bgcolor: SIDEBAR.background,
  color: SIDEBAR.text,
  borderRight: 'none',
  overflowX: 'hidden',
} as const;

export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#0f4c75', light: '#3d6f95', dark: '#0a3552', contrastText: '#ffffff' },
      // Every main color reads at 4.5:1 or more on white and on a selected row (chips, outlined buttons, text).
      secondary: { main: '#00796b', light: '#33a095', dark: '#005f56', contrastText: '#ffffff' },
      background: { default: '#f3f5f8', paper: '#ffffff' },
      text: { primary: '#1b2733', secondary: '#5b6b7b' },
      divider: '#e1e6ec',
      success: { main: '#2e7d32' },
      warning: { main: '#a85400' },
      error: { main: '#c62828' },
      info: { main: '#01659f' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      fontSize: 14,
      h5: { fontWeight: 600, letterSpacing: '-0.01em' },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
      overline: { fontWeight: 700, letterSpacing: '0.08em' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased' },
        },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: ({ theme: t }) => ({
            backgroundColor: t.palette.background.paper,
            borderBottom: `1px solid ${t.palette.divider}`,
          }),
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8 } },
      },
      MuiPaper: {
        styleOverrides: {
          outlined: ({ theme: t }) => ({ borderColor: t.palette.divider }),
        },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 12 } },
      },
      MuiTab: {
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 48 } },
      },
      MuiTooltip: {
        defaultProps: { arrow: true },
        styleOverrides: { tooltip: { fontSize: 12.5 } },
      },
      MuiDialogTitle: {
        styleOverrides: { root: { fontWeight: 600 } },
      },
      MuiChip: {
        styleOverrides: { root: { fontWeight: 500 } },
      },
      // Material's Spanish texts for the components the app renders with texts of their own (`esES` of
      // @mui/material/locale has them, with others for components the app does not render, or that the DataGrid labels
      // itself: 0.3 KiB of the shell). 'Abrir' names the popup button's action (the locale's 'Abierto' does not).
      MuiAutocomplete: {
        defaultProps: {
          clearText: 'Limpiar',
          closeText: 'Cerrar',
          loadingText: 'Cargando…',
          noOptionsText: 'Sin opciones',
          openText: 'Abrir',
        },
      },
      MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme: t }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${alpha(t.palette.secondary.main, 0.6)}` },
          }),
        },
      },
    },
  },
  // The DataGrid's and the date pickers' Spanish texts are set where they are used (components/data-table,
  // components/pickers `PickersLocalization`), so the shell loads neither.
);

/** The media query of an operator whose system asks for less motion (WCAG 2.3.3, "Animation from Interactions"). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

let reducedMotion: Theme | undefined;

/**
 * The theme for an operator who asked for reduced motion: no transitions (dialogs, menus, tooltips, notices and the
 * side menu appear and go at once) and no ripple under a click. Made on first use: the others never pay for it.
 */
export function reducedMotionTheme(): Theme {
  reducedMotion ??= createTheme(theme, {
    transitions: {
      create: () => 'none',
      getAutoHeightDuration: () => 0,
      duration: {
        shortest: 0,
        shorter: 0,
        short: 0,
        standard: 0,
        complex: 0,
        enteringScreen: 0,
        leavingScreen: 0,
      },
    },
    components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
  });
  return reducedMotion;
}
