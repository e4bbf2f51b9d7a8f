import { startTestService, startTokenIssuer, type TestService, until } from '@medstore/service-kit/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { catalogueService } from '../../catalogue/src/service'
import type { PrismaClient } from '../src/generated/prisma/client'
import { cartService } from '../src/service'

const running: { close: () => Promise<void> }[] = []
afterAll(async () => {
  for (const closable of running.reverse()) await closable.close()
})

describe('product replica on a first start', () => {
  it('fills from the catalogue even when the catalogue announced its products before the cart existed', async () => {
    const issuer = await startTokenIssuer()
    running.push(issuer)
    // The catalogue seeds its demo products first; no cart queue exists yet to receive those events.
    const catalogue = await startTestService(catalogueService, {
      JWKS_URL: issuer.jwksUrl,
      SEED_DEMO_CATALOGUE: 'true',
    })
    running.push(catalogue)
    const seeded = await catalogue.db.product.count()
    expect(seeded).toBeGreaterThan(60)

    const cart = (await startTestService(cartService, { JWKS_URL: issuer.jwksUrl })) as TestService<
      PrismaClient,
      unknown
    >
    running.push(cart)
    await until(async () => (await cart.db.product.count()) === seeded, 30_000)

    const [product] = await catalogue.db.product.findMany({ take: 1 })
    const res = await fetch(`${cart.url}/cart`, {
      method: 'POST',
      headers: { authorization: `bearer ${issuer.customer()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: product!.id, quantity: 1 }),
    })
    expect(res.status).toBeLessThan(300)
  })
})
