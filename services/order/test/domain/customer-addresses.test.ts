import { describe, expect, it } from 'vitest'
import {
  allowedShopOrigin,
  confirmationPath,
  confirmationUrl,
  customerAddresses,
} from '../../src/domain/customer-addresses'

const addresses = {
  shellUrl: 'http://localhost:3000',
  publicApiUrl: 'http://localhost:8080',
  shopOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://192.168.1.5:3000'],
}
const configured = { shop: 'http://localhost:3000', api: 'http://localhost:8080' }

describe('where a customer is', () => {
  it('keeps a customer on the shop origin they came from, and on the API host their browser used', () => {
    expect(
      customerAddresses(addresses, { origin: 'http://127.0.0.1:3000', apiHost: '127.0.0.1:8080' }),
    ).toEqual({
      shop: 'http://127.0.0.1:3000',
      api: 'http://127.0.0.1:8080',
    })
    expect(
      customerAddresses(addresses, { origin: 'http://192.168.1.5:3000', apiHost: '192.168.1.5:8080' }),
    ).toEqual({ shop: 'http://192.168.1.5:3000', api: 'http://192.168.1.5:8080' })
  })

  it('falls back to SHELL_URL and PUBLIC_API_URL for an origin that is not the shop’s, or none', () => {
    expect(customerAddresses(addresses, { origin: 'https://evil.example', apiHost: 'evil.example' })).toEqual(
      configured,
    )
    expect(customerAddresses(addresses, {})).toEqual(configured)
    expect(allowedShopOrigin(addresses, 'http://127.0.0.1:3000/')).toBeUndefined()
  })

  it('takes the API host only on the shop’s own host name, so a made-up Host cannot name another site', () => {
    expect(
      customerAddresses(addresses, { origin: 'http://127.0.0.1:3000', apiHost: 'evil.example' }),
    ).toEqual({
      shop: 'http://127.0.0.1:3000',
      api: 'http://localhost:8080',
    })
    expect(
      customerAddresses(addresses, {
        origin: 'http://127.0.0.1:3000',
        apiHost: 'evil.example@127.0.0.1:8080/x',
      }),
    ).toEqual({ shop: 'http://127.0.0.1:3000', api: 'http://localhost:8080' })
  })

  it('always accepts SHELL_URL’s own origin, even when the list leaves it out', () => {
    const shellOnly = { ...addresses, shellUrl: 'https://shop.example.in/', shopOrigins: [] }
    expect(allowedShopOrigin(shellOnly, 'https://shop.example.in')).toBe('https://shop.example.in')
  })

  it('names the confirmation page as a path, or on a given origin', () => {
    expect(confirmationPath('a b')).toBe('/checkout/confirmation?orderId=a%20b')
    expect(confirmationUrl('http://127.0.0.1:3000', 'o1')).toBe(
      'http://127.0.0.1:3000/checkout/confirmation?orderId=o1',
    )
  })
})
