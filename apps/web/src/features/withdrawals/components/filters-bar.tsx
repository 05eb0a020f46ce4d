import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { CollectorPicker, PeriodPicker, type CollectorRef } from '@/components/pickers';

export interface FiltersBarProps {
  /** YYYY-MM or 'Mes actual'; null: no period filter (the authorization list). */
  period: string | null;
  onPeriodChange(period: string): void;
  collector: CollectorRef | null;
  onCollectorChange(collector: CollectorRef | null): void;
  /** The list's own status control (toggles or chips) and buttons. */
  children?: ReactNode;
}

/** The filters every withdrawal list shares: month period and collector, applied as they change. */
export function FiltersBar({
  period,
  onPeriodChange,
  collector,
  onCollectorChange,
  children,
}: FiltersBarProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {period !== null && <PeriodPicker relative value={period} onChange={onPeriodChange} />}
        <Stack sx={{ width: 320 }}>
          <CollectorPicker value={collector} onChange={onCollectorChange} />
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
