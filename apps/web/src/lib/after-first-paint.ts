import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true from the render React makes after it as a transition: for what a page
 * needs on screen but not before its main content (the shell's bar and menu; a detail's activity and the requests
 * pending on it, components/detail/record-activity.tsx). A document's first render
 * of the shell and a list runs as one task until the list's rows are in the page (the grid measures itself and
 * renders them in the same task); the bar and the menu were a third of that first render. Their render now comes
 * after it, interruptible (a transition yields to the browser every few milliseconds, so the rows are painted first
 * and a key press is never kept waiting), and the places they fill keep their size meanwhile.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    startTransition(() => setAfter(true));
  }, []);
  return after;
}
