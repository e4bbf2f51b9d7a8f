import { describe, expect, it } from 'vitest'
import { cardImageOf, imageOnApi, imageUrl, largeImageOf } from '../src/image-urls'

describe("the catalogue's picture URLs", () => {
  const image = imageUrl('https://api.shop.example.in', '3f2a9c0e4b7d1a6f8e2c5b9d0a1f3e7c')

  it('gives the card and the product page WebP of a catalogue image', () => {
    expect(image).toBe('https://api.shop.example.in/product/image/3f2a9c0e4b7d1a6f8e2c5b9d0a1f3e7c')
    expect(cardImageOf(image)).toBe(`${image}/card`)
    expect(largeImageOf(image)).toBe(`${image}/large`)
  })

  it('leaves any other URL as it is (a picture from elsewhere, or one already a variant)', () => {
    for (const other of ['https://cdn.example.in/p.png', `${image}/card`, '', 'not a url'])
      expect([cardImageOf(other), largeImageOf(other)]).toEqual([other, other])
  })

  it('puts a catalogue picture on the gateway the browser uses, and leaves any other URL alone', () => {
    const lan = 'http://192.168.1.5:8080'
    const id = '3f2a9c0e4b7d1a6f8e2c5b9d0a1f3e7c'
    expect(imageOnApi(`http://localhost:8080/product/image/${id}`, lan)).toBe(`${lan}/product/image/${id}`)
    expect(imageOnApi(`http://localhost:8080/product/image/${id}/card`, lan)).toBe(
      `${lan}/product/image/${id}/card`,
    )
    for (const other of [
      'https://cdn.example.in/p.png',
      `http://localhost:8080/product/image/${id}/other`,
      '',
      'x',
    ])
      expect(imageOnApi(other, lan)).toBe(other)
  })
})
