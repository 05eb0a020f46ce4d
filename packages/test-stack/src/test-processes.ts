// Shared by the test-stack's process tests (orphan, parent-death): whether a process still exists.
import { processExists } from './processes.mjs';

/** True while a process with this id exists. */
export const alive = (pid: number): boolean => processExists(pid);
