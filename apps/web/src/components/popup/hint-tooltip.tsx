import { useState, type FocusEvent, type MouseEvent, type ReactElement } from 'react';
import Tooltip from '@mui/material/Tooltip';

/** What the element a hint describes spreads: it opens the hint on hover and on keyboard focus. */
export interface HintTriggerProps {
  onMouseEnter(event: MouseEvent<HTMLElement>): void;
  onMouseLeave(): void;
  onFocus(event: FocusEvent<HTMLElement>): void;
  onBlur(): void;
}

/** Whether the element's focus came from the keyboard (MUI's Tooltip opens on that focus only). */
const focusVisible = (element: HTMLElement) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // an engine without the selector: as MUI, no hint on focus
  }
};

/**
 * A short hint for a small button of a list row ('Ver detalle', 'Acciones'), shown on hover and keyboard focus as
 * MUI's Tooltip shows it, but with that Tooltip mounted only while shown: a page of a list renders one or two of
 * these per row, and a Tooltip per button ran its hooks and its emotion-styled Popper for every row on every
 * render of the rows (issue 44, "render only what changes"). The Tooltip is the button's sibling, anchored to it,
 * so the button itself is never mounted again when the hint opens (a focused button keeps its focus).
 */
export function HintTooltip({
  title,
  children,
}: {
  title: string;
  /** The element described, given the props that open and close the hint. */
  children: (trigger: HintTriggerProps) => ReactElement;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const trigger: HintTriggerProps = {
    onMouseEnter: (event) => setAnchor(event.currentTarget),
    onMouseLeave: () => setAnchor(null),
    onFocus: (event) => {
      if (focusVisible(event.currentTarget)) setAnchor(event.currentTarget);
    },
    onBlur: () => setAnchor(null),
  };
  return (
    <>
      {children(trigger)}
      {anchor && (
        <Tooltip title={title} open slotProps={{ popper: { anchorEl: anchor } }}>
          <span hidden />
        </Tooltip>
      )}
    </>
  );
}
