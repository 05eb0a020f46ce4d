/**
 * The element focused when a dialog (or a chain of dialogs) opened: where focus goes back on close. A module of its
 * own: a flow's state (use-bulk-flow.ts) notes it before any dialog's chunk is loaded.
 */
export function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
