import { access, constants } from 'node:fs/promises';
import { COMPILE_FILE_BYTES, type RunnerLimits } from './limits.js';

/** Where the sandbox tools are and who the program runs as. */
export interface SandboxConfig {
  bwrapPath: string;
  /** The unprivileged uid/gid a run gets when the server runs as root (nobody). */
  sandboxUid: number;
}

export const DEFAULT_SANDBOX: SandboxConfig = { bwrapPath: '/usr/bin/bwrap', sandboxUid: 65534 };

/** The only environment a sandboxed program (and bwrap itself) gets: nothing of the server's. */
export const SANDBOX_PATH = '/usr/bin:/bin';
export const HOST_ENV = { PATH: SANDBOX_PATH, LANG: 'C.UTF-8' };

const SETPRIV = '/usr/bin/setpriv';
const PRLIMIT = '/usr/bin/prlimit';

export interface Mount {
  host: string;
  dest: string;
  writable?: boolean;
}

export interface SandboxSpec {
  /** Bound at their destination; everything else of the host is invisible except /usr. */
  mounts: Mount[];
  /** A fresh tmpfs of this size as the current directory /work (unless /work is a mount above). */
  workTmpfsBytes: number | null;
  tmpBytes: number;
  /** memoryBytes null: no address-space rlimits (a sanitizer reserves terabytes; it polices RSS itself). */
  rlimits: { cpuMs: number; memoryBytes: number | null; processes: number; fileBytes: number };
  env?: Record<string, string>;
  command: string[];
  /** The run's cgroup: the sandbox joins it before it starts, so everything it starts is accounted there. */
  cgroupProcs?: string[];
  /** A seccomp filter is passed on file descriptor 3. */
  seccomp?: boolean;
}

/** Joins the cgroups named before `--` (writing its own pid), then becomes the command after it. */
const JOIN_CGROUP = 'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';
/** The exit status of the join script when the run's cgroup could not be joined. */
export const CGROUP_JOIN_FAILED = 125;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The full command line of one sandboxed process. As root, setpriv first drops to the unprivileged uid so
 * that bwrap creates the user namespace as that uid: RLIMIT_NPROC is then counted in the run's own user
 * namespace (root would be exempt from it), and nothing inside has any capability on the host.
 */
export function sandboxCommand(cfg: SandboxConfig, spec: SandboxSpec): { cmd: string; args: string[] } {
  const uid = String(cfg.sandboxUid);
  // prettier-ignore
  const bwrap = [
    '--unshare-all',
    '--unshare-user',
    '--uid', uid,
    '--gid', uid,
    '--hostname', 'sandbox',
    '--cap-drop', 'ALL',
    '--new-session',
    '--die-with-parent',
    // No nested user namespace: a program cannot build a sandbox of its own (and mount a tmpfs in it).
    '--disable-userns',
    ...(spec.seccomp ? ['--seccomp', '3'] : []),
    '--clearenv',
    '--setenv', 'PATH', SANDBOX_PATH,
    '--setenv', 'HOME', '/tmp',
    '--setenv', 'LANG', 'C.UTF-8',
    '--setenv', 'GLIBC_TUNABLES', 'glibc.malloc.arena_max=4',
    '--ro-bind', '/usr', '/usr',
    '--symlink', 'usr/lib', '/lib',
    '--symlink', 'usr/lib64', '/lib64',
    '--symlink', 'usr/bin', '/bin',
    '--symlink', 'usr/sbin', '/sbin',
    '--proc', '/proc',
    '--dev', '/dev',
    '--perms', '1777', '--size', String(spec.tmpBytes), '--tmpfs', '/tmp',
    '--perms', '1777', '--size', String(spec.tmpBytes), '--tmpfs', '/dev/shm',
  ];
  for (const [k, v] of Object.entries(spec.env ?? {})) bwrap.push('--setenv', k, v);
  if (spec.workTmpfsBytes !== null) bwrap.push('--perms', '1777', '--size', String(spec.workTmpfsBytes), '--tmpfs', '/work');
  for (const m of spec.mounts) bwrap.push(m.writable ? '--bind' : '--ro-bind', m.host, m.dest);
  // The root and /dev that bwrap builds are tmpfs without a size: read-only, so only /work, /tmp and
  // /dev/shm (all sized) take writes.
  bwrap.push('--remount-ro', '/dev', '--remount-ro', '/');
  const r = spec.rlimits;
  const cpu = Math.max(1, Math.ceil(r.cpuMs / 1000));
  bwrap.push(
    '--chdir',
    '/work',
    '--',
    PRLIMIT,
    `--cpu=${cpu}:${cpu + 1}`,
    // Heap, stacks and private mappings count in RLIMIT_DATA; the address space (which glibc's per-thread
    // malloc arenas reserve generously) only has a backstop at four times that, for shared mappings.
    ...(r.memoryBytes === null ? [] : [`--data=${r.memoryBytes}`, `--as=${r.memoryBytes * 4}`]),
    `--nproc=${r.processes}`,
    `--fsize=${r.fileBytes}`,
    '--core=0',
    '--nofile=256',
    '--',
    ...spec.command,
  );
  const inner = isRoot()
    ? [SETPRIV, `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--', cfg.bwrapPath, ...bwrap]
    : [cfg.bwrapPath, ...bwrap];
  if (!spec.cgroupProcs?.length) return { cmd: inner[0]!, args: inner.slice(1) };
  return { cmd: '/bin/sh', args: ['-c', JOIN_CGROUP, 'join-cgroup', ...spec.cgroupProcs, '--', ...inner] };
}

/** Why the sandbox cannot work here, or null when its tools are in place. */
export async function missingTool(cfg: SandboxConfig): Promise<string | null> {
  const needed = [cfg.bwrapPath, PRLIMIT, ...(isRoot() ? [SETPRIV] : [])];
  for (const tool of needed) {
    try {
      await access(tool, constants.X_OK);
    } catch {
      return tool === cfg.bwrapPath
        ? `bubblewrap was not found at ${tool} (install the Debian package "bubblewrap" or set RUNNER_BWRAP_PATH)`
        : `${tool} was not found (install util-linux)`;
    }
  }
  return null;
}

export function rlimitsFor(limits: RunnerLimits, phase: 'compile' | 'run') {
  return phase === 'compile'
    ? { cpuMs: limits.compileMs, memoryBytes: limits.compileMemoryBytes, processes: limits.processes, fileBytes: COMPILE_FILE_BYTES }
    : { cpuMs: limits.cpuMs, memoryBytes: limits.memoryBytes, processes: limits.processes, fileBytes: limits.fileBytes };
}
