// Types of parent.mjs.
export function watchParent(onGone: (reason: string) => void, options?: { intervalMs?: number }): void;
