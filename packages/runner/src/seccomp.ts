/**
 * A seccomp filter (classic BPF, as bubblewrap's `--seccomp FD` takes it) for the system calls a beginner's
 * program never needs: namespaces and mounts (no nested sandbox of its own, no tmpfs outside the run's
 * accounting), tracing other processes, kernel modules and keys, BPF, perf, io_uring, userfaultfd, clock and
 * host settings. Each answers EPERM (the program sees an ordinary error); clone3 answers ENOSYS so that the C
 * library falls back to clone, whose namespace flags the filter can read. x86-64 only; elsewhere the runner
 * relies on bubblewrap's --disable-userns alone.
 */
const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;

// x86-64 system call numbers (linux/arch/x86/entry/syscalls/syscall_64.tbl).
export const DENIED_SYSCALLS: Record<string, number> = {
  ptrace: 101,
  syslog: 103,
  vhangup: 153,
  pivot_root: 155,
  adjtimex: 159,
  chroot: 161,
  acct: 163,
  settimeofday: 164,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  sethostname: 170,
  setdomainname: 171,
  iopl: 172,
  ioperm: 173,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  lookup_dcookie: 212,
  clock_settime: 227,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  perf_event_open: 298,
  fanotify_init: 300,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  clock_adjtime: 305,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  mount_setattr: 442,
};

const CLONE = 56;
const CLONE3 = 435;
/** CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET. */
const CLONE_NAMESPACES = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

const LD_ABS_W = 0x20;
const JEQ = 0x15;
const JGE = 0x35;
const JSET = 0x45;
const RET = 0x06;
const ALLOW = 0x7fff0000;
const KILL_PROCESS = 0x80000000;
const errno = (n: number) => 0x00050000 | n;
const EPERM = 1;
const ENOSYS = 38;

interface Insn {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

/** The filter as bytes (struct sock_filter[]), or null where it does not apply (not x86-64). */
export function seccompFilter(arch = process.arch): Buffer | null {
  if (arch !== 'x64') return null;
  const denied = Object.values(DENIED_SYSCALLS);
  const prog: Insn[] = [];
  const at = (code: number, k: number, jt = 0, jf = 0) => prog.push({ code, jt, jf, k });
  // Layout: checks, then the three returns (ALLOW, EPERM, ENOSYS) at the end; jumps are filled in below.
  at(LD_ABS_W, 4); // arch
  at(JEQ, AUDIT_ARCH_X86_64, 1, 0);
  at(RET, KILL_PROCESS);
  at(LD_ABS_W, 0); // syscall number
  const toEperm: number[] = [];
  toEperm.push(prog.length);
  at(JGE, X32_SYSCALL_BIT);
  for (const nr of denied) {
    toEperm.push(prog.length);
    at(JEQ, nr);
  }
  const clone3At = prog.length;
  at(JEQ, CLONE3);
  const cloneAt = prog.length;
  at(JEQ, CLONE);
  at(LD_ABS_W, 16); // clone's first argument: its flags (low 32 bits)
  const flagsAt = prog.length;
  at(JSET, CLONE_NAMESPACES);
  const allow = prog.length;
  at(RET, ALLOW);
  const eperm = prog.length;
  at(RET, errno(EPERM));
  const enosys = prog.length;
  at(RET, errno(ENOSYS));
  const jump = (from: number, to: number) => to - from - 1;
  for (const i of toEperm) prog[i]!.jt = jump(i, eperm);
  prog[clone3At]!.jt = jump(clone3At, enosys);
  prog[cloneAt]!.jf = jump(cloneAt, allow);
  prog[flagsAt]!.jt = jump(flagsAt, eperm);
  prog[flagsAt]!.jf = jump(flagsAt, allow);
  const out = Buffer.alloc(prog.length * 8);
  prog.forEach((p, i) => {
    if (p.jt > 255 || p.jf > 255) throw new Error('seccomp filter: jump out of range');
    out.writeUInt16LE(p.code, i * 8);
    out.writeUInt8(p.jt, i * 8 + 2);
    out.writeUInt8(p.jf, i * 8 + 3);
    out.writeUInt32LE(p.k >>> 0, i * 8 + 4);
  });
  return out;
}
