import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    projects: ['{packages,services}/*/vitest.config.ts', '{gateway,shell}/vitest.config.ts'],
    hookTimeout: 120_000,
    testTimeout: 60_000,
    // Two cores: more parallel files only contend for PostgreSQL, RabbitMQ and the CPU.
    maxWorkers: 2,
  },
})
