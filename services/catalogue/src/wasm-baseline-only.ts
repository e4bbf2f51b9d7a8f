import { setFlagsFromString } from 'node:v8'

/*
 * Prisma's query compiler is a 2 MB WebAssembly module. V8 compiles it with its baseline compiler
 * (Liftoff), then recompiles hot functions with TurboFan on background threads, whose compile memory
 * stayed in a malloc arena of those threads: ~30 MB resident of the catalogue's 163–173 MB with 100,000
 * products (bench/memory.bench.ts, /proc/<pid>/smaps: a 37 MB arena heap). The catalogue's frequent
 * reads (listing, search, product) are plain SQL; Prisma serves the back office, categories and images,
 * where baseline code cost no measurable CPU per request. Imported first by main.ts: the flag applies to
 * modules compiled after it is set.
 */
setFlagsFromString('--no-wasm-tier-up')
