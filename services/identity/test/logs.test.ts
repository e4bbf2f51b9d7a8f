import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { createTestDatabase, type TestDatabase, testInfra } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newCustomer } from './support'

// The service as `npm start` runs it (its own process, logging at the most verbose level), so that
// everything it writes can be read back and searched for secrets.
let database: TestDatabase
let child: ChildProcess
let url: string
let output = ''

beforeAll(async () => {
  database = await createTestDatabase('identity_logs')
  child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/main.ts')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      PORT: '0',
      DATABASE_URL: database.url,
      AMQP_URL: testInfra().amqpUrl,
      BUS_NAMESPACE: `logs_${process.pid}`,
      ADMIN_EMAIL: 'pharmacist@medstore.test',
      ADMIN_PASSWORD: 'admin-secret-password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  url = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /"url":"(http:\/\/127\.0\.0\.1:\d+)","msg":"identity service listening"/.exec(output)
      if (match) resolve(match[1]!)
    }
    child.stdout!.on('data', seen)
    child.stderr!.on('data', seen)
    child.once('exit', (code) => reject(new Error(`identity exited with ${code}: ${output}`)))
  })
}, 60_000)

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  await database?.drop()
}, 30_000)

describe('what the service logs', () => {
  it('never writes a password, a hash, a token or a phone number, at any log level', async () => {
    const body = newCustomer({ password: 'Sup3r-secret-pa55', cmPassword: 'Sup3r-secret-pa55' })
    const post = (route: string, payload: unknown) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    const signedUp = await post('/auth/sineUp', body)
    expect(signedUp.status).toBe(201)
    const { token } = await signedUp.json()
    expect((await post('/auth/login', { email: body.email, password: body.password })).status).toBe(200)
    expect((await post('/auth/login', { email: body.email, password: 'Wrong-secret-pa55' })).status).toBe(401)
    expect((await post('/auth/sineUp', { ...body, cmPassword: 'Other-secret-pa55' })).status).toBe(400)
    await new Promise((r) => setTimeout(r, 300)) // let the last access-log lines arrive
    expect(output).toContain('"url":"/auth/login"')
    for (const secret of [
      'Sup3r-secret-pa55',
      'Wrong-secret-pa55',
      'Other-secret-pa55',
      'admin-secret-password',
    ])
      expect(output).not.toContain(secret)
    expect(output).not.toMatch(/\$argon2/)
    expect(output).not.toContain(token.split('.')[2])
    const digits = body.phone.replace(/\D/g, '')
    expect(output.replace(/[\s-]/g, '')).not.toContain(digits.slice(-10))
  })
})
