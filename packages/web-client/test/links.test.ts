import { describe, expect, it } from 'vitest'
import { links } from '../src/links.ts'

describe('links between the front ends', () => {
  it('encode every value, so an id or name with URL syntax stays one value', () => {
    const odd = 'a b&c=d/e?#'
    const encoded = 'a%20b%26c%3Dd%2Fe%3F%23'
    expect(links.product(odd)).toBe(`/productDetails?productId=${encoded}`)
    expect(links.category(odd)).toBe(`/products?category=${encoded}`)
    expect(links.search(odd)).toBe(`/products?q=${encoded}`)
    expect(links.shop(odd)).toBe(`/shopDetails/${encoded}`)
    expect(links.order(odd)).toBe(`/checkout/confirmation?orderId=${encoded}`)
  })

  it('lead into the back-office at its usual pages', () => {
    expect(links.backOffice()).toBe('/vendor/allOrders')
    expect(links.dashboard()).toBe('/vendor/dashboard')
  })

  it('read back as the value by the page they lead to', () => {
    const url = new URL(links.category('Ayurveda & Herbal'), 'http://shop.test')
    expect(url.pathname).toBe('/products')
    expect(url.searchParams.get('category')).toBe('Ayurveda & Herbal')
  })
})
