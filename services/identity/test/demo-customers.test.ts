import { randomBytes } from 'node:crypto'
import { DEMO_EMAIL_DOMAIN } from '@medstore/contracts/demo'
import { indianMobile } from '@medstore/contracts/fields'
import { busNames, ConfigError, createLogger, loadConfig } from '@medstore/service-kit'
import { eventRecorder } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identityEnv } from '../src/config'
import { DEMO_CUSTOMER_PASSWORD, demoCustomers } from '../src/demo/demo-customers'
import { seedDemoCustomers } from '../src/demo/seed-demo-customers'
import { ADMIN, client, type Identity, startIdentity } from './support'

const DAY = 24 * 60 * 60 * 1000

describe('the demo customers (pure)', () => {
  const now = new Date('2026-11-23T06:00:00Z')
  const customers = demoCustomers(now)

  it('are 25 distinct people with valid Indian mobiles and demo addresses', () => {
    expect(customers).toHaveLength(25)
    expect(new Set(customers.map((c) => c.email)).size).toBe(25)
    expect(new Set(customers.map((c) => c.userName)).size).toBe(25)
    for (const c of customers) {
      expect(indianMobile.parse(c.phone)).toBe(c.phone)
      expect(c.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true)
      expect(c.userName).toMatch(/^[a-z.]{3,30}$/)
    }
  })

  it('registered over the last three months, some in each of the last two 30-day windows', () => {
    const ages = customers.map((c) => (now.getTime() - c.createdAt.getTime()) / DAY)
    expect(Math.min(...ages)).toBeGreaterThan(1)
    expect(Math.max(...ages)).toBeLessThan(90)
    expect(ages.filter((a) => a < 30).length).toBeGreaterThan(3)
    expect(ages.filter((a) => a >= 30 && a < 60).length).toBeGreaterThan(3)
  })
})

describe('seeding demo customers', () => {
  let identity: Identity
  let events: Awaited<ReturnType<typeof eventRecorder>>

  beforeAll(async () => {
    // Our own bus namespace, so the recorder listens before the service's first event.
    const namespace = `t_id_demo_${randomBytes(4).toString('hex')}`
    events = await eventRecorder(busNames(namespace))
    identity = await startIdentity({ SEED_DEMO_DATA: 'true', BUS_NAMESPACE: namespace })
  })
  afterAll(async () => {
    await events?.close()
    await identity?.close()
  })

  it('creates them at start beside the administrator, announcing each as registered when it was', async () => {
    expect(await identity.db.user.count({ where: { isAdmin: false } })).toBe(25)
    await events.until((received) => received.filter((e) => e.type === 'user.registered').length === 26)
    const demo = events
      .ofType('user.registered')
      .filter((e) => (e.data as { email: string }).email.endsWith(`@${DEMO_EMAIL_DOMAIN}`))
    expect(demo).toHaveLength(25)
    const users = await identity.db.user.findMany({ where: { isAdmin: false } })
    for (const e of demo) {
      const user = users.find((u) => u.id === (e.data as { userId: string }).userId)!
      expect(e.occurredAt).toBe(user.createdAt.toISOString())
      expect(Date.now() - user.createdAt.getTime()).toBeGreaterThan(DAY)
    }
  })

  it('lets a demo customer sign in with the demo password', async () => {
    const { email } = (await identity.db.user.findFirstOrThrow({ where: { isAdmin: false } })) as {
      email: string
    }
    const res = await client(identity).login(email, DEMO_CUSTOMER_PASSWORD)
    expect(res.status).toBe(200)
    expect((await res.json()).userInfo.isAdmin).toBe(false)
  })

  it('does nothing once there are customers (a restart, or real sign-ups)', async () => {
    expect(await seedDemoCustomers(identity.db, createLogger('test', 'silent'))).toBe(0)
    expect(await identity.db.user.count({ where: { isAdmin: false } })).toBe(25)
  })

  it('is refused in production', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/x',
      AMQP_URL: 'amqp://127.0.0.1',
      JWT_PRIVATE_KEY: 'pem',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }
    expect(() => loadConfig(identityEnv, production)).not.toThrow()
    expect(() => loadConfig(identityEnv, { ...production, SEED_DEMO_DATA: 'true' })).toThrow(ConfigError)
    expect(() => loadConfig(identityEnv, { ...production, SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA/)
  })
})

it('is off unless asked for', () => {
  expect(
    loadConfig(identityEnv, { DATABASE_URL: 'postgres://u@h/x', AMQP_URL: 'amqp://h' }).SEED_DEMO_DATA,
  ).toBe(false)
})
