// Whether a process exists: the build lock's owner check and the process tests' (test-processes.ts).
import { existsSync, readFileSync } from 'node:fs';

/** Linux says each process's state in /proc; elsewhere a process that has exited is only known by signal 0. */
const PROC_STATES = existsSync('/proc/self/stat');

/**
 * Whether `pid` has exited and waits to be reaped (a zombie: state Z, or X while it goes). A process whose parent
 * died is reaped by the system's init, which in a container may take seconds: it holds no port, file or memory
 * any more, only its id.
 * @param {number} pid
 */
function exitedUnreaped(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return true; // gone between the signal and the read
  }
  // "pid (command) state …": the command may hold spaces and parentheses, the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
  return state === 'Z' || state === 'X';
}

/**
 * True while a process with this id exists and has not exited (signal 0 checks without sending anything).
 * @param {number} pid
 */
export function processExists(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    return error.code === 'EPERM';
  }
  return !(PROC_STATES && exitedUnreaped(pid));
}
