export { runtimeAdapter, createPool } from './client'
export { applyMigrations } from './migrate'
export { pgConfigFromUrl, withDatabase } from './pg-url'
