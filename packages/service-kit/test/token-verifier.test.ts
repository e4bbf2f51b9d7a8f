import { generateKeyPairSync } from 'node:crypto'
import jwt from 'jsonwebtoken'
import { describe, expect, it, vi } from 'vitest'
import { createTokenVerifier, InvalidTokenError } from '../src/auth/verifier'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const OPTIONS = { issuer: 'medicine-store-identity', audience: 'medicine-store' }
const sign = (claims: object, expiresIn: number) =>
  jwt.sign({ userName: 'asha', name: 'Asha Rao', isAdmin: false, ...claims }, privateKey, {
    algorithm: 'RS256',
    keyid: 'k1',
    subject: 'user-1',
    expiresIn,
    ...OPTIONS,
  })

describe('token verifier', () => {
  it('checks a token once, then answers its repeats from memory', async () => {
    const keys = vi.fn(async () => publicKey)
    const verify = createTokenVerifier({ keys, ...OPTIONS })
    const token = sign({}, 600)
    const first = await verify(token)
    expect(await verify(token)).toEqual(first)
    expect(first).toEqual({ id: 'user-1', userName: 'asha', name: 'Asha Rao', isAdmin: false })
    expect(keys).toHaveBeenCalledTimes(1)
  })

  it('verifies a changed token afresh and refuses it', async () => {
    const verify = createTokenVerifier({ keys: async () => publicKey, ...OPTIONS })
    const token = sign({}, 600)
    await verify(token)
    const [header, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString())
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, isAdmin: true })).toString('base64url')}.${signature}`
    await expect(verify(tampered)).rejects.toBeInstanceOf(InvalidTokenError)
  })

  it('stops accepting a remembered token once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const keys = vi.fn(async () => publicKey)
      const verify = createTokenVerifier({ keys, ...OPTIONS })
      const token = sign({}, 30)
      await verify(token)
      vi.setSystemTime(Date.now() + 31_000)
      await expect(verify(token)).rejects.toThrow(/expired/)
      expect(keys).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('checks a remembered token again after a minute, so a withdrawn key stops working', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      let key: typeof publicKey | undefined = publicKey
      const verify = createTokenVerifier({ keys: async () => key, ...OPTIONS })
      const token = sign({}, 3600)
      await verify(token)
      key = undefined
      vi.setSystemTime(Date.now() + 30_000)
      await expect(verify(token)).resolves.toMatchObject({ id: 'user-1' })
      vi.setSystemTime(Date.now() + 31_000)
      await expect(verify(token)).rejects.toThrow('unknown signing key')
    } finally {
      vi.useRealTimers()
    }
  })
})
