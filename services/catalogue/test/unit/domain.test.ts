import { productForm, productQuery, rupeePrice } from '@medstore/contracts/catalogue'
import { detectImageType, endsWithImage } from '@medstore/service-kit'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { normaliseLines, refusalOf, shortageMessage, untakenLines } from '../../src/domain/reservation'
import { categoryKey, containsPattern } from '../../src/domain/search'
import { escapeXml, formFromName, labelLines, paletteFor, productSvg } from '../../src/images/product-art'

describe('rupee prices in forms', () => {
  it.each([
    ['30.91', 30.91],
    [' 45 ', 45],
    [99.5, 99.5],
    ['0.01', 0.01],
  ])('accepts %j', (input, value) => {
    expect(rupeePrice.parse(input)).toBe(value)
  })
  it.each(['0', '0.00', '-1', '1.234', '1e3', '', 'abc', '2000000', 0.1 + 0.2])('refuses %j', (input) => {
    expect(rupeePrice.safeParse(input).success).toBe(false)
  })
  it('reads multipart text fields into numbers and flags', () => {
    const form = productForm.parse({
      name: ' Giloy ',
      category: 'Ayurvedic',
      price: '110',
      description: 'Tablets',
      stock: '25',
      requiresPrescription: 'on',
    })
    expect(form).toEqual({
      name: 'Giloy',
      category: 'Ayurvedic',
      price: 110,
      description: 'Tablets',
      stock: 25,
      requiresPrescription: true,
    })
  })
  it('reads paging parameters', () => {
    expect(productQuery.parse({ page: '2', limit: '24', sort: '-price' })).toEqual({
      page: 2,
      limit: 24,
      sort: '-price',
    })
    expect(productQuery.safeParse({ limit: '101' }).success).toBe(false)
  })
})

describe('image type by content', () => {
  const bytes = (...b: number[]) => new Uint8Array(b)
  const text = (s: string) => new TextEncoder().encode(s)
  it('recognises PNG, JPEG, GIF and WebP signatures', () => {
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.format).toBe('png')
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))?.format).toBe('jpeg')
    expect(detectImageType(text('GIF89a...'))?.format).toBe('gif')
    expect(detectImageType(text('GIF87a...'))?.mime).toBe('image/gif')
    expect(detectImageType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))?.format).toBe('webp')
  })
  it('refuses anything else, including look-alikes', () => {
    expect(detectImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(detectImageType(text('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeUndefined()
    expect(detectImageType(bytes(0x89, 0x50, 0x4e))).toBeUndefined()
    expect(detectImageType(bytes())).toBeUndefined()
    expect(detectImageType(text('%PDF-1.7'))).toBeUndefined()
  })
})

describe('image ends where the file ends (no polyglots)', () => {
  const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
    sharp({ create: { width: 9, height: 7, channels: 3, background: '#3a7' } })
      .toFormat(format)
      .toBuffer()
  const hidden = Buffer.from('<html><script>alert(document.cookie)</script></html>')
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)(
    'accepts a plain %s and refuses one with a file appended',
    async (format) => {
      const image = await picture(format)
      const type = detectImageType(image)
      expect(type?.format).toBe(format)
      if (!type) return
      expect(endsWithImage(image, type)).toBe(true)
      expect(endsWithImage(Buffer.concat([image, hidden]), type)).toBe(false)
    },
  )
  it('allows the zero padding some cameras write after a JPEG', async () => {
    const jpeg = await picture('jpeg')
    expect(
      endsWithImage(Buffer.concat([jpeg, Buffer.alloc(64)]), { format: 'jpeg', mime: 'image/jpeg' }),
    ).toBe(true)
  })
})

describe('search', () => {
  it("matches anywhere and takes the user's wildcards literally", () => {
    expect(containsPattern('para')).toBe('%para%')
    expect(containsPattern('100%')).toBe('%100\\%%')
    expect(containsPattern('a_b\\c')).toBe('%a\\_b\\\\c%')
  })
  it('keys category names ignoring case and surrounding spaces', () => {
    expect(categoryKey('  Pain & Fever ')).toBe('pain & fever')
  })
})

describe('reservation lines', () => {
  it('adds up repeated products and sorts by productId (one lock order for every transaction)', () => {
    expect(
      normaliseLines([
        { productId: 'c', quantity: 1 },
        { productId: 'a', quantity: 2 },
        { productId: 'c', quantity: 4 },
      ]),
    ).toEqual([
      { productId: 'a', quantity: 2 },
      { productId: 'c', quantity: 5 },
    ])
  })
  it('says what is short', () => {
    const s = (name: string, available: number, requested: number) => ({
      productId: name,
      name,
      available,
      requested,
    })
    expect(shortageMessage([s('Dolo', 1, 3)])).toBe('Only 1 of Dolo left (you asked for 3)')
    expect(shortageMessage([s('Dolo', 1, 3), s('ORS', 0, 2)])).toBe(
      'Only 1 of Dolo left (you asked for 3); ORS is out of stock',
    )
  })
  const A = 'AAAAAAAA-0000-4000-8000-000000000001'
  const b = 'bbbbbbbb-0000-4000-8000-000000000002'
  const lines = [
    { productId: A, quantity: 2 },
    { productId: b, quantity: 5 },
  ]
  it('finds the lines a take left out, whatever the case of their ids', () => {
    expect(untakenLines(lines, [{ id: A.toLowerCase() }])).toEqual([{ productId: b, quantity: 5 }])
    expect(untakenLines(lines, [{ id: A.toLowerCase() }, { id: b }])).toEqual([])
  })
  it('reports every short line with what is left, or the first product that does not exist', () => {
    expect(
      refusalOf(lines, [
        { id: b, name: 'ORS', stock: 4 },
        { id: A.toLowerCase(), name: 'Dolo', stock: 1 },
      ]),
    ).toEqual({
      shortages: [
        { productId: A, name: 'Dolo', requested: 2, available: 1 },
        { productId: b, name: 'ORS', requested: 5, available: 4 },
      ],
    })
    expect(refusalOf(lines, [{ id: b, name: 'ORS', stock: 4 }])).toEqual({ missing: A })
  })

  it('leaves out the lines there is enough of (a refused reservation took none of them)', () => {
    expect(
      refusalOf(lines, [
        { id: b, name: 'ORS', stock: 40 },
        { id: A, name: 'Dolo', stock: 1 },
      ]),
    ).toEqual({ shortages: [{ productId: A, name: 'Dolo', requested: 2, available: 1 }] })
  })
})

describe('product artwork', () => {
  it('wraps a name into at most two lines and shortens what does not fit', () => {
    expect(labelLines('Paracetamol 500 mg Tablet')).toEqual(['Paracetamol 500', 'mg Tablet'])
    expect(labelLines('Neem')).toEqual(['Neem'])
    expect(labelLines('Aceclofenac Paracetamol Serratiopeptidase Tablet')).toEqual([
      'Aceclofenac',
      'Paracetamol…',
    ])
    expect(labelLines('Supercalifragilisticexpialidocious')[0]).toHaveLength(16)
  })
  it('guesses the form from the name', () => {
    expect(formFromName('Ashwagandha Churna 100 g')).toBe('powder')
    expect(formFromName('Tulsi Honey Cough Syrup')).toBe('syrup')
    expect(formFromName('Omega 3 Capsule')).toBe('capsule')
    expect(formFromName('Mahanarayan Taila')).toBe('oil')
    expect(formFromName('Clotrimazole Cream')).toBe('cream')
    expect(formFromName('Dolo 650')).toBe('tablet')
  })
  it('keeps one colour per category and escapes text into the SVG', () => {
    expect(paletteFor('Ayurvedic')).toEqual(paletteFor('Ayurvedic'))
    expect(escapeXml('<A & B>')).toBe('&#60;A &#38; B&#62;')
    expect(productSvg('Rock & Roll <Pills>', 'tablet', paletteFor('x'))).not.toMatch(/& R|<Pills>/)
  })
})
