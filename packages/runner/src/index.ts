export * from './limits.js';
export * from './diagnostics.js';
export * from './runner.js';
export * from './sanitizers.js';
export { DEFAULT_SANDBOX, type SandboxConfig } from './sandbox.js';
export { detectCgroups, type CgroupUsage } from './cgroup.js';
export { DENIED_SYSCALLS } from './seccomp.js';
