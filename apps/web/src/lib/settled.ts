import { createElement, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';

type Settlement = { ok: true; value: unknown } | { ok: false; error: unknown };

/** How each promise the app waits on in render ended, once it has. */
const settlements = new WeakMap<Promise<unknown>, Settlement>();
const watched = new WeakSet<Promise<unknown>>();

function watch(promise: Promise<unknown>) {
  if (watched.has(promise)) return;
  watched.add(promise);
  promise.then(
    (value) => settlements.set(promise, { ok: true, value }),
    (error: unknown) => settlements.set(promise, { ok: false, error }),
  );
}

/**
 * What a promise gave, once it has (undefined until then); its error is thrown in render, for the nearest error
 * boundary (a route's `RouteError`). A component re-renders when the promise settles, and a promise that settled
 * before is read at once.
 *
 * Why not `lazy` or `use` under `<Suspense>`: React 19 reveals what suspended on a retry, and holds a retry back
 * until 300 ms after the last fallback it showed anywhere (its `FALLBACK_THROTTLE_MS`). A first visit of /pagos shows
 * fallbacks as the shell starts, so its rows waited for that pause with nothing left to do (bench/README.md).
 * A settled promise here is a plain state update, rendered at once.
 */
export function useSettled<T>(promise: Promise<T>): T | undefined {
  watch(promise);
  const [, settled] = useReducer((count: number) => count + 1, 0);
  const settlement = settlements.get(promise);
  const seen = settlement !== undefined;
  useEffect(() => {
    if (seen) return;
    let mounted = true;
    // Runs after `watch`'s own callbacks (same promise, attached later), so the settlement is recorded by then;
    // a promise that settled between this render and this effect re-renders too.
    const rerender = () => {
      if (mounted) settled();
    };
    promise.then(rerender, rerender);
    return () => {
      mounted = false;
    };
  }, [promise, seen]);
  if (settlement && !settlement.ok) throw settlement.error;
  return settlement?.ok ? (settlement.value as T) : undefined;
}

/**
 * Has `useSettled` follow `promise` from now on, and returns it: a component that first reads it after it settled
 * (a screen's code, the data layer, loaded before the first render) renders what it gave at once, not a
 * render later.
 */
export function followSettlement<T>(promise: Promise<T>): Promise<T> {
  watch(promise);
  return promise;
}

/**
 * `load` called once, its promise shared (and followed: `followSettlement`); a failed load is forgotten, so the next
 * call tries again (a chunk that failed to download on a bad connection).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= followSettlement(
      load().catch((error: unknown) => {
        pending = undefined;
        throw error;
      }),
    ));
}

/**
 * A component whose code comes on demand: `Component` renders `fallback` until `load` (called once, shared; a failed
 * load is forgotten) has given it, then it, in the very render when it is in already (no Suspense pause: `useSettled`).
 * Each mount waits on the load it started: a failed one is thrown to the error boundary, not tried in a loop.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): { load: () => Promise<ComponentType<P>>; Component: ComponentType<P> } {
  const loadComponent = loadOnce(load);
  function LazyComponent(props: P) {
    const [loading] = useState(loadComponent);
    const Ready = useSettled(loading);
    return Ready ? createElement(Ready, props) : fallback;
  }
  return { load: loadComponent, Component: LazyComponent };
}
