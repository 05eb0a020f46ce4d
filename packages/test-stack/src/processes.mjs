// Whether a process exists: the build lock's owner check and the process tests' (test-processes.ts).

/**
 * True while a process with this id exists (signal 0 checks without sending anything).
 * @param {number} pid
 */
export function processExists(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return error.code === 'EPERM';
  }
}
