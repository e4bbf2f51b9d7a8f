import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ConfigError, loadConfig, startService } from '@medstore/service-kit'
import { testInfra } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signingKey } from '../src/auth/signing-key'
import { identityEnv } from '../src/config'
import { identityService } from '../src/service'
import { ADMIN_CREDENTIALS_FILE, DEFAULT_ADMIN_EMAIL } from '../src/use-cases/ensure-admin'
import { ADMIN, client, type Identity, registered, startIdentity } from './support'

// These tests start the service again (migrations, broker): more than vitest's default 5 s on a busy machine.
const RESTARTS = 60_000

let identity: Identity
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'identity-test-'))
  identity = await startIdentity()
})
afterAll(async () => {
  await identity?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Starts the service again on the same database (as a restart would), with other settings. */
async function restart(env: Record<string, string>) {
  await identity.stop()
  const service = await startService(identityService, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: identity.database.url,
    AMQP_URL: testInfra().amqpUrl,
    BUS_NAMESPACE: identity.config.BUS_NAMESPACE,
    ...env,
  })
  const { database } = identity
  identity = {
    ...identity,
    ...service,
    close: async () => {
      await service.stop()
      await database.drop()
    },
  }
  return service
}

describe('the administrator account', () => {
  it('is ensured at start from ADMIN_EMAIL/ADMIN_PASSWORD, as an administrator named ADMIN', async () => {
    const res = await client(identity).login(ADMIN.email, ADMIN.password)
    expect(res.status).toBe(200)
    expect((await res.json()).userInfo).toEqual({
      id: expect.any(String),
      name: 'Store Administrator',
      email: ADMIN.email,
      userName: 'ADMIN',
      isAdmin: true,
      // No language chosen yet: the shop's own default until the administrator picks one.
      locale: null,
    })
  })

  it(
    'takes a changed ADMIN_PASSWORD at the next start, and promotes an account with that email',
    async () => {
      const customer = await registered(identity, { email: 'owner@medstore.test' })
      expect(customer.userInfo.isAdmin).toBe(false)
      const service = await restart({
        ADMIN_EMAIL: 'owner@medstore.test',
        ADMIN_PASSWORD: 'new-admin-password',
      })
      const api = client(service)
      expect((await api.login('owner@medstore.test', customer.body.password)).status).toBe(401)
      const res = await api.login('owner@medstore.test', 'new-admin-password')
      expect(res.status).toBe(200)
      expect((await res.json()).userInfo).toMatchObject({ id: customer.userInfo.id, isAdmin: true })
      // The first administrator is still one: the flag is never taken away at start.
      expect((await (await api.login(ADMIN.email, ADMIN.password)).json()).userInfo.isAdmin).toBe(true)
    },
    RESTARTS,
  )

  it(
    'in development without ADMIN_PASSWORD, generates a password once into DATA_DIR and keeps it',
    async () => {
      const env = { NODE_ENV: 'development', DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }
      const first = await restart(env)
      const file = path.join(dataDir, ADMIN_CREDENTIALS_FILE)
      expect(existsSync(file)).toBe(true)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      const stored = JSON.parse(readFileSync(file, 'utf8'))
      expect(stored).toEqual({ email: DEFAULT_ADMIN_EMAIL, password: expect.stringMatching(/^[\w-]{16}$/) })
      expect((await client(first).login(stored.email, stored.password)).status).toBe(200)

      const second = await restart(env)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(stored)
      const res = await client(second).login(stored.email, stored.password)
      expect((await res.json()).userInfo.isAdmin).toBe(true)
      // Development also keeps its generated signing key there, so tokens survive a restart.
      expect(existsSync(path.join(dataDir, 'keys', 'jwt-private.pem'))).toBe(true)
    },
    RESTARTS,
  )
})

describe('configuration', () => {
  const base = { DATABASE_URL: 'postgres://x@127.0.0.1/db', AMQP_URL: 'amqp://127.0.0.1' }

  it('stops production start-up without a signing key or an administrator, naming each', () => {
    expect(() => loadConfig(identityEnv, { ...base, NODE_ENV: 'production' })).toThrow(
      new ConfigError(
        'Invalid configuration: JWT_PRIVATE_KEY is required in production (the RS256 private key as PEM, or JWT_PRIVATE_KEY_FILE); ' +
          'ADMIN_EMAIL is required in production (the administrator account ensured at start); ' +
          'ADMIN_PASSWORD is required in production (the administrator account ensured at start)',
      ),
    )
  })

  it('refuses key material that is not an RSA private key', () => {
    const config = loadConfig(identityEnv, { ...base, JWT_PRIVATE_KEY: 'not a key' })
    expect(() => signingKey(config)).toThrow('JWT_PRIVATE_KEY is not a PEM private key')
    const missing = loadConfig(identityEnv, { ...base, JWT_PRIVATE_KEY_FILE: '/nonexistent/key.pem' })
    expect(() => signingKey(missing)).toThrow('JWT_PRIVATE_KEY_FILE cannot be read (ENOENT)')
  })

  it('refuses a short administrator password and a malformed token lifetime', () => {
    expect(() => loadConfig(identityEnv, { ...base, ADMIN_PASSWORD: 'short' })).toThrow(
      'ADMIN_PASSWORD must be at least 8 characters',
    )
    expect(() => loadConfig(identityEnv, { ...base, JWT_TTL: 'forever' })).toThrow(
      'JWT_TTL must be a number and a unit, e.g. 12h or 30m',
    )
  })
})
