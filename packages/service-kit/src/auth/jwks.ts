import { createPublicKey, type KeyObject } from 'node:crypto'

type Jwk = { kid?: string; kty: string; alg?: string; use?: string } & Record<string, unknown>

const REFRESH_COOLDOWN_MS = 5_000
const FETCH_TIMEOUT_MS = 2_000

/**
 * Public keys of the identity service, fetched from its JWKS endpoint and cached by key id. An unknown
 * key id triggers one refetch (key rotation), at most every few seconds so forged kids cannot hammer it.
 */
export class JwksKeyStore {
  private keys = new Map<string, KeyObject>()
  private lastFetch = 0
  private inflight: Promise<void> | undefined
  /** The last fetch failed: until one succeeds, a missing key means "cannot check", not "invalid". */
  private failing = false

  constructor(private readonly url: string) {}

  async key(kid: string | undefined): Promise<KeyObject | undefined> {
    const cached = this.find(kid)
    if (cached) return cached
    // A fetch already under way (e.g. the very first one) may bring the key: wait for it, not the cooldown.
    if (this.inflight) await this.inflight
    else if (Date.now() - this.lastFetch > REFRESH_COOLDOWN_MS) await this.refresh()
    const key = this.find(kid)
    if (!key && this.failing) throw new Error('the signing keys could not be fetched')
    return key
  }

  private find(kid: string | undefined): KeyObject | undefined {
    if (kid) return this.keys.get(kid)
    return this.keys.size === 1 ? [...this.keys.values()][0] : undefined
  }

  private refresh(): Promise<void> {
    this.inflight ??= this.fetchKeys().finally(() => {
      this.inflight = undefined
    })
    return this.inflight
  }

  private async fetchKeys(): Promise<void> {
    this.lastFetch = Date.now()
    this.failing = true
    const res = await fetch(this.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
    if (!res.ok) throw new Error(`JWKS endpoint answered ${res.status}`)
    const body = (await res.json()) as { keys?: Jwk[] }
    const next = new Map<string, KeyObject>()
    for (const jwk of body.keys ?? []) {
      if (jwk.kty !== 'RSA' && jwk.kty !== 'OKP') continue
      next.set(jwk.kid ?? 'default', createPublicKey({ key: jwk, format: 'jwk' }))
    }
    this.keys = next
    this.failing = false
  }
}
