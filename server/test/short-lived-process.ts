/**
 * Node's flags for the tests' own processes (servers, commands, vitest's workers): PGlite's
 * WebAssembly compiled by V8's baseline tier only. Such a process lives for seconds or minutes,
 * and the optimising tier spent a second of a core compiling PostgreSQL in each, more than its
 * faster code then saved (docs/decisions/0069-tests-on-v8s-baseline-wasm-tier.md). Production
 * keeps V8's defaults: a server that runs for days repays the compilation.
 */
export const shortLivedProcessFlags = ['--liftoff-only']
