// zod compiles object parsers with `new Function` when it may, and finds out by trying `new Function('')`
// once. The shop's Content-Security-Policy forbids eval, so that probe is a CSP violation in every
// browser console. jitless skips the probe and parses the same way without generated code.
//
// zod keeps its settings on one object on globalThis, shared by every copy of zod on the page (the
// remotes bring their own). Setting the flag on that object directly, rather than through
// `config()` from 'zod/v4/core', keeps all of zod's core out of the shell's first-render bundle;
// it must run before any schema parses, hence first, from the entry module.
type ZodGlobalConfig = { jitless?: boolean }
const host = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig }
host.__zod_globalConfig ??= {}
host.__zod_globalConfig.jitless = true
