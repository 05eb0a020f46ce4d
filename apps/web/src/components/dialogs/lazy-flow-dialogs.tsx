import { useEffect, useState, type ComponentType } from 'react';

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
 * and one that fails while a `Component` waits on it goes to the screen's error boundary.
 *
 * Not `lazy` under Suspense, for the reason of the screens' `useSettled` (lib/settled.ts): every first opening of a
 * dialog waited for React's 300 ms pause after its fallback, also with its chunk already in (bench `interactions`).
 * Not `useSettled` itself either: imported by the lists' chunks too, lib/settled.ts left the shell's
 * chunk for one of its own, 0.2 KiB more for the shell.
 */
export function lazyWhenIdle<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // Settles once the chunk is in or failed (never rejects: the next asker tries again).
  const preload = (): Promise<void> =>
    loadOnce().then(
      () => undefined,
      () => undefined,
    );
  function Component(props: P) {
    // In already: shown in this very render. Otherwise the load this mount started, once (a failure is thrown).
    const [state, setState] = useState<{ ready?: ComponentType<P>; failure?: { error: unknown } }>(() => ({
      ready: loaded,
    }));
    useEffect(() => {
      if (state.ready || state.failure) return undefined;
      let mounted = true;
      loadOnce().then(
        (ready) => mounted && setState({ ready }),
        (error: unknown) => mounted && setState({ failure: { error } }),
      );
      return () => {
        mounted = false;
      };
    }, [state]);
    if (state.failure) throw state.failure.error;
    const Ready = state.ready;
    return Ready ? <Ready {...props} /> : null;
  }
  return {
    Component,
    preload,
    usePreload: () => useEffect(() => whenIdle(() => void preload()), []),
  };
}

/** A dialog component that can be asked to download before it is shown (`preload`). */
export type LazyDialog<P extends object> = ComponentType<P> & { preload(): Promise<void> };

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
 * download: the dialogs, their forms and formik arrive once the screen has rendered and the browser
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
