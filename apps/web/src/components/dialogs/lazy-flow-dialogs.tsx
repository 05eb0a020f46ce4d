import { useEffect, useState, type ComponentType } from 'react';
import { loadOnce, useSettled } from '../../lib/settled';

/** What the wrapper reads of an area's flow dialogs' props: whether a flow is under way. */
interface FlowDialogsProps {
  control: { flow: unknown };
}

/** When the browser is idle (or at once where it cannot tell); returns how to call it off. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 0);
  return () => window.clearTimeout(handle);
}

/**
 * A component kept out of a screen's first download: `Component` renders it once its chunk is in (nothing before),
 * `usePreload()` asks for the chunk once the screen has rendered and the browser is idle, `preload()` at once (a
 * menu that offers it has opened). One download at a time; a failed one is forgotten, so the next asker tries again,
 * and one that fails while a `Component` waits on it goes to the screen's error boundary. Not `lazy` under Suspense,
 * as the screens (lib/settled.ts): every first opening of a dialog waited for React's 300 ms pause after its
 * fallback, also with its chunk already in (bench `interactions`, issue 65).
 */
export function lazyWhenIdle<P extends object>(load: () => Promise<ComponentType<P>>) {
  const loadComponent = loadOnce(load);
  const preload = () => void loadComponent().catch(() => undefined);
  function Component(props: P) {
    // The load this mount started: a failed one is thrown to the error boundary, not tried in a loop.
    const [loading] = useState(loadComponent);
    const Ready = useSettled(loading);
    return Ready ? <Ready {...props} /> : null;
  }
  return {
    Component,
    preload,
    usePreload: () => useEffect(() => whenIdle(preload), []),
  };
}

/** A dialog component that can be asked to download before it is shown (`preload`). */
export type LazyDialog<P extends object> = ComponentType<P> & { preload(): void };

/**
 * A dialog whose chunk comes with its first opening, or before it with `preload()` (its forms, formik and validators
 * stay out of the screen's download): nothing is shown until the chunk is in, then the dialog.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  const { Component, preload } = lazyWhenIdle(load);
  return Object.assign(Component, { preload });
}

/**
 * An area's flow dialogs (its `BulkFlowDialogs` with texts and input dialogs) kept out of the screen's first
 * download (issue 16): the dialogs, their forms and formik arrive once the screen has rendered and the browser
 * is idle, while the operator reads the list. A flow started before they arrive opens them as soon as they do;
 * the flow's state lives in the screen (`useBulkFlow`), so nothing the operator chose waits on the download.
 */
export function lazyFlowDialogs<P extends FlowDialogsProps>(load: () => Promise<ComponentType<P>>) {
  const { Component: Dialogs, usePreload } = lazyWhenIdle(load);
  function LazyFlowDialogs(props: P) {
    usePreload();
    if (!props.control.flow) return null;
    return <Dialogs {...props} />;
  }
  return LazyFlowDialogs;
}
