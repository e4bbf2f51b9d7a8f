/**
 * How every Node slice (the six services and the gateway) runs in production: the environment the image
 * sets (docker/Dockerfile's node-slice stage; test/deploy/docker-image.test.ts keeps the two equal) and
 * runBuiltSlice gives the production builds the benches and deploy tests start. One place, so the
 * memory measured by bench/memory.bench.ts and bench/shopper-mix.bench.ts is the memory of the image.
 *
 * Measured on the catalogue with 100,000 products (bench/memory.bench.ts; README "Performance"):
 * - NODE_OPTIONS --max-semi-space-size: V8's young generation grew to 2 × 16 MB under load in every
 *   process; 8 MB semi-spaces cost no CPU per request beyond the noise (bench:cost), 4 MB cost 8–15 % more
 *   per order and per product page (more scavenges, more objects promoted).
 * - NODE_OPTIONS --max-old-space-size: below 2 GB V8 grows the old generation by a smaller factor before it
 *   collects (1.3× of what is live at 256 MB rather than 4×): garbage of a load no longer piles up to
 *   150 MB of heap. 256 MB is four times the largest live heap measured (the catalogue with 100,000
 *   products, ~60 MB); a process that needs more fails loudly (out of memory) rather than growing unseen.
 * - MALLOC_*: native memory (ArrayBuffer backing stores, libvips, Prisma's wasm) is malloc'd; glibc's
 *   default raises its mmap threshold after each large free, so later large buffers came from heaps it
 *   never gives back, and each thread got an arena of its own (8 per core).
 */
export const PRODUCTION_NODE_ENV = {
  NODE_OPTIONS: '--max-old-space-size=256 --max-semi-space-size=8',
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const
