import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { esES } from '@mui/x-date-pickers/locales';
// dayjs in Spanish with the Argentine zone, before the adapter formats anything.
import '@/lib/argentine-time';

const pickerLocaleText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/** The date pickers' adapter (dayjs, Spanish) and texts, around the pickers of this folder. */
export function PickersLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={pickerLocaleText}>
      {children}
    </LocalizationProvider>
  );
}
