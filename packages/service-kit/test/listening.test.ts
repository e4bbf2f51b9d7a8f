import { createConnection } from 'node:net'
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { internalSecret } from '../src/auth/internal-secret'
import { loadConfig, serviceEnv } from '../src/config'
import { startTestService, type TestService } from '../src/testing'
import { notesService } from './fixture/service'

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port, timeout: 2000 })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })

/** This machine's first address that is not the loopback (the one another machine would reach). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

let service: TestService<unknown, unknown>

beforeAll(async () => {
  service = (await startTestService(notesService().definition, {})) as TestService<unknown, unknown>
})
afterAll(() => service?.close())

describe('where a service listens', () => {
  it('defaults to the loopback', () => {
    const base = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', AMQP_URL: 'amqp://127.0.0.1' }
    expect(loadConfig(serviceEnv, { ...base, PORT: '1' }).LISTEN_HOST).toBe('127.0.0.1')
  })

  it('answers on the loopback', async () => {
    expect(await accepts('127.0.0.1', service.port)).toBe(true)
  })

  // A machine with no other interface has nothing to reach it from: the default above still holds.
  it.skipIf(!outsideAddress)('is unreachable on the machine’s other addresses', async () => {
    expect(await accepts(outsideAddress!, service.port)).toBe(false)
  })
})

describe('the internal secret', () => {
  it('is the configured one when set, otherwise one generated per process and never empty', () => {
    expect(internalSecret('a'.repeat(40))).toBe('a'.repeat(40))
    const generated = internalSecret(undefined)
    expect(generated.length).toBeGreaterThanOrEqual(32)
    expect(internalSecret(undefined)).toBe(generated)
  })
})
