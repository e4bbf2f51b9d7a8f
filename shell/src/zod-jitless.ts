import { config } from 'zod/v4/core'

// zod compiles object parsers with `new Function` when it may, and finds out by trying `new Function('')`
// once. The shop's Content-Security-Policy forbids eval, so that probe is a CSP violation in every
// browser console. jitless skips the probe and parses the same way without generated code. zod keeps this
// setting on globalThis, so the remotes' own copies of zod see it too: it must run before any schema is
// built, hence first, from the entry module.
config({ jitless: true })
