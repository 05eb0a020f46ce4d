import { lazy, Suspense, useEffect, type ComponentType } from 'react';

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
 * A component kept out of a screen's first download: `Component` renders it (suspending until its chunk is in),
 * `usePreload()` asks for the chunk once the screen has rendered and the browser is idle. One download at a time;
 * a failed one is forgotten, so the next asker tries again.
 */
export function lazyWhenIdle<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    Component: lazy(loadOnce),
    usePreload: () => useEffect(() => whenIdle(() => void loadOnce().catch(() => undefined)), []),
  };
}

/**
 * A dialog whose chunk comes with its first opening (its forms, formik and validators stay out of the screen's
 * download): rendered, it suspends with nothing shown until the chunk is in, then renders the dialog.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const { Component } = lazyWhenIdle(load);
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
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
    return (
      <Suspense fallback={null}>
        <Dialogs {...props} />
      </Suspense>
    );
  }
  return LazyFlowDialogs;
}
