import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError, loadConfig, serviceEnv } from '../src/config'

const valid = { PORT: '4001', DATABASE_URL: 'postgres://u@localhost/db', AMQP_URL: 'amqp://localhost' }

describe('loadConfig', () => {
  it('returns typed values with defaults', () => {
    const config = loadConfig(serviceEnv, valid)
    expect(config.PORT).toBe(4001)
    expect(config.LOG_LEVEL).toBe('info')
  })

  it('names a missing variable', () => {
    const { DATABASE_URL: _, ...env } = valid
    expect(() => loadConfig(serviceEnv, env)).toThrowError(
      new ConfigError('Invalid configuration: DATABASE_URL is required'),
    )
  })

  it('names a bad variable and says what is wrong', () => {
    expect(() => loadConfig(serviceEnv, { ...valid, AMQP_URL: 'http://nope' })).toThrowError(
      /^Invalid configuration: AMQP_URL must be an amqp:\/\/ URL$/,
    )
    expect(() => loadConfig(serviceEnv, { ...valid, PORT: 'eighty' })).toThrowError(/PORT/)
  })

  it('lists every problem on one line', () => {
    const schema = serviceEnv.extend({ ADMIN_EMAIL: z.email() })
    try {
      loadConfig(schema, { PORT: '1', ADMIN_EMAIL: 'not-an-email' })
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError)
      const message = (err as Error).message
      expect(message).not.toContain('\n')
      expect(message).toContain('DATABASE_URL is required')
      expect(message).toContain('AMQP_URL is required')
      expect(message).toContain('ADMIN_EMAIL')
    }
  })
})
