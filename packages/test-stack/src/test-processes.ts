// Shared by the test-stack's process tests (orphan, parent-death): whether a process still exists.

/** True while a process with this id exists (signal 0 checks without sending anything). */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
