// Types of processes.mjs.
export function processExists(pid: number): boolean;
