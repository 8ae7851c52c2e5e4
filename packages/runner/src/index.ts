export * from './limits.js';
export * from './diagnostics.js';
export * from './runner.js';
export { DEFAULT_SANDBOX, type SandboxConfig } from './sandbox.js';
