// Types of build-lock.mjs.
export function withLock<T>(
  lockDir: string,
  fn: () => Promise<T>,
  options?: { onWait?: (pid: number) => void; intervalMs?: number },
): Promise<T>;
