export { createPool, runtimeAdapter } from './client'
export { applyMigrations } from './migrate'
export { pgConfigFromUrl, withDatabase } from './pg-url'
export type { TxOf } from './tx'
