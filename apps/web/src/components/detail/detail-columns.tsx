import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';

/** A detail screen's two columns of section cards (7:5 on wide screens, one column below). */
export function DetailColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
        gap: 3,
        alignItems: 'start',
        mb: 3,
      }}
    >
      <Stack spacing={3}>{main}</Stack>
      <Stack spacing={3}>{side}</Stack>
    </Box>
  );
}
