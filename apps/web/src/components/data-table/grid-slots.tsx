import { forwardRef, useLayoutEffect, useRef } from 'react';
import { useForkRef } from '@mui/material/utils';
import type { GridSlotProps } from '@mui/x-data-grid';
import materialSlots from '@mui/x-data-grid/material';

const DefaultCheckbox = materialSlots.baseCheckbox;
const DefaultLinearProgress = materialSlots.baseLinearProgress;

/**
 * The grid's checkbox (select-all and rows) with the input's own `indeterminate` state set: MUI marks a partial
 * select-all `aria-checked="mixed"`, which must match the real checkbox state (axe `aria-conditional-attr`).
 */
export const GridCheckbox = forwardRef<HTMLButtonElement, GridSlotProps['baseCheckbox']>(
  function GridCheckbox(props, ref) {
    const rootRef = useRef<HTMLButtonElement>(null);
    const handleRef = useForkRef(rootRef, ref);
    const indeterminate = Boolean(props.indeterminate);
    useLayoutEffect(() => {
      const input = rootRef.current?.querySelector('input');
      if (input) input.indeterminate = indeterminate;
    }, [indeterminate]);
    return <DefaultCheckbox {...props} ref={handleRef} />;
  },
);

/** The loading overlay's progress bar, named (axe `aria-progressbar-name`). */
export function GridLinearProgress(props: GridSlotProps['baseLinearProgress']) {
  return <DefaultLinearProgress aria-label="Cargando" {...props} />;
}
