import type { ProductSort } from '@medstore/contracts/catalogue'
import { describe, expect, it } from 'vitest'
import { syntheticProducts } from '../../../../bench/fixtures/synthetic-catalogue'
import { categoryKey } from '../../src/domain/search'
import { ProductSearchIndex, type SearchEntry } from '../../src/search/product-search-index'
import { prefixDistance, typosAllowed, wordsOf } from '../../src/search/typo-distance'

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
const entries: SearchEntry[] = [...syntheticProducts(3_000, 7)].map((p, n) => ({
  id: id(n),
  name: p.name,
  categoryKey: categoryKey(p.category),
  pricePaise: p.pricePaise,
  createdAt: 1_700_000_000_000 + (n % 500) * 1000, // ties on purpose: the id breaks them
}))

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
/** What the database answered: ILIKE '%q%', the category, ORDER BY the sort then id. */
function reference(all: SearchEntry[], q: string, category: string | undefined, sort: ProductSort) {
  const compare: Record<ProductSort, (a: SearchEntry, b: SearchEntry) => number> = {
    name: (a, b) => byText(a.name, b.name),
    '-name': (a, b) => byText(b.name, a.name),
    price: (a, b) => a.pricePaise - b.pricePaise,
    '-price': (a, b) => b.pricePaise - a.pricePaise,
    newest: (a, b) => b.createdAt - a.createdAt,
  }
  return all
    .filter((e) => e.name.toLowerCase().includes(q.toLowerCase()))
    .filter((e) => category === undefined || e.categoryKey === category)
    .sort((a, b) => compare[sort](a, b) || byText(a.id, b.id))
    .map((e) => e.id)
}

describe('the product search index', () => {
  const index = new ProductSearchIndex(entries)
  const sorts: ProductSort[] = ['name', '-name', 'price', '-price', 'newest']

  it.each([
    ['', undefined],
    ['paracetamol', undefined],
    ['PARACETAMOL 5', undefined],
    ['mg', undefined],
    ['a', undefined],
    ['tablet', undefined],
    ['cetamol', undefined], // the middle of a word, as ILIKE found it
    ['tulsi', 'ayurvedic'],
    ['', 'ayurvedic'],
    ['xyzzy', undefined],
  ])('answers %j (category %s) as the database did, in every sort, page and cap', (q, category) => {
    for (const sort of sorts) {
      const expected = reference(entries, q, category, sort)
      for (const [offset, limit, cap] of [
        [0, 24, 5_000],
        [48, 24, 5_000],
        [0, 10, 100],
        [300, 50, 100],
      ] as const) {
        const found = index.search({ q, categoryKey: category, sort, offset, limit, countCap: cap })
        expect(found.ids).toEqual(expected.slice(offset, offset + limit))
        expect(found.total).toBe(Math.min(expected.length, cap))
        expect(found.capped).toBe(expected.length > cap)
      }
    }
  })

  it('takes %, _ and NUL literally, and finds nothing for them here', () => {
    for (const q of ['%', '_', '\u0000', '100%'])
      expect(index.search({ q, sort: 'name', offset: 0, limit: 24, countCap: 5_000 }).total).toBe(0)
  })

  it('follows inserts, renames and deletes, keeping every order', () => {
    const live = new ProductSearchIndex(entries.slice(0, 1_000))
    let all = entries.slice(0, 1_000)
    const renamed = { ...all[5]!, name: 'Zzz Renamed Paracetamol', pricePaise: 1 }
    const added = entries.slice(1_000, 1_200)
    const removed = all.slice(10, 20).map((e) => e.id)
    live.apply([renamed, ...added], removed)
    all = [...all.filter((e) => e.id !== renamed.id && !removed.includes(e.id)), renamed, ...added]
    expect(live.size).toBe(all.length)
    for (const sort of sorts)
      for (const q of ['', 'paracetamol', 'renamed'])
        expect(live.search({ q, sort, offset: 0, limit: 100, countCap: 5_000 }).ids).toEqual(
          reference(all, q, undefined, sort).slice(0, 100),
        )
  })

  it('keeps every order through many small changes in a row', () => {
    const live = new ProductSearchIndex(entries.slice(0, 1_000))
    const all = new Map(entries.slice(0, 1_000).map((e) => [e.id, e]))
    for (let round = 0; round < 40; round++) {
      const renamed = {
        ...entries[(round * 37) % 1_000]!,
        name: `Zz ${round} Paracetamol`,
        pricePaise: round,
      }
      const added = entries[1_000 + round]!
      const removed = entries[(round * 53 + 11) % 1_000]!.id
      live.apply([renamed, added], [removed])
      all.set(renamed.id, renamed).set(added.id, added).delete(removed)
      for (const sort of sorts)
        for (const q of ['', 'paracetamol'])
          expect(live.search({ q, sort, offset: 0, limit: 2_000, countCap: 5_000 }).ids).toEqual(
            reference([...all.values()], q, undefined, sort),
          )
    }
  })

  it('changes a product without new arrays the size of the catalogue', () => {
    const products = [...syntheticProducts(20_000, 3)].map((p, n) => ({
      id: id(100_000 + n),
      name: p.name,
      categoryKey: categoryKey(p.category),
      pricePaise: p.pricePaise,
      createdAt: n,
    }))
    const live = new ProductSearchIndex(products)
    const allocated: number[] = []
    for (let round = 0; round < 9; round++) {
      const before = process.memoryUsage().arrayBuffers
      // The same product each time: its name's posting lists take their own buffers on the first change.
      live.apply([{ ...products[7]!, pricePaise: round }], [])
      allocated.push(process.memoryUsage().arrayBuffers - before)
    }
    // Each order of 20,000 slots is 80,000 bytes: a change used to allocate two per sort, ten in all.
    const median = allocated.sort((a, b) => a - b)[4]!
    expect(median).toBeLessThan(20_000)
  })

  it('answers a repeated search from memory until the index changes', () => {
    const live = new ProductSearchIndex(entries.slice(0, 300))
    const ask = () => live.search({ q: 'zzz', sort: 'name', offset: 0, limit: 24, countCap: 5_000 })
    const near = () => live.nearMatches('zzzq', undefined, 10)
    expect(ask().total).toBe(0)
    expect(near()).toEqual([])
    const first = ask()
    first.ids.push('changed by a caller')
    expect(ask().ids).toEqual([]) // a caller's change to an answer is not remembered
    live.apply([{ ...entries[7]!, name: 'Zzz Balm' }], [])
    expect(ask()).toEqual({ ids: [entries[7]!.id], total: 1, capped: false })
    expect(near()).toEqual([entries[7]!.id])
    live.apply([], [entries[7]!.id])
    expect(ask().total).toBe(0)
  })

  it('loads a catalogue page by page as it would all at once, and keeps following changes', async () => {
    async function* pages() {
      for (let start = 0; start < entries.length; start += 700) yield entries.slice(start, start + 700)
      // A product read twice (changed while the pages were read): its later state counts.
      yield [{ ...entries[3]!, name: 'Zzz Paracetamol Late', pricePaise: 2 }]
    }
    const loaded = await ProductSearchIndex.load(pages())
    const all = [
      ...entries.filter((e) => e.id !== entries[3]!.id),
      { ...entries[3]!, name: 'Zzz Paracetamol Late', pricePaise: 2 },
    ]
    expect(loaded.size).toBe(entries.length)
    for (const sort of sorts)
      for (const q of ['', 'paracetamol', 'late', 'mg'])
        expect(loaded.search({ q, sort, offset: 0, limit: 100, countCap: 5_000 }).ids).toEqual(
          reference(all, q, undefined, sort).slice(0, 100),
        )
    // Trimmed posting lists grow again.
    const added = { ...entries[0]!, id: id(99_999), name: 'Paracetamol Added Later' }
    loaded.apply([added], [])
    expect(
      loaded.search({ q: 'added later', sort: 'name', offset: 0, limit: 10, countCap: 5_000 }).ids,
    ).toEqual([id(99_999)])
    expect(
      loaded.search({ q: 'paracetamol', sort: 'name', offset: 0, limit: 5_000, countCap: 5_000 }).ids,
    ).toEqual(reference([...all, added], 'paracetamol', undefined, 'name'))
  })

  it('compacts after many replacements without changing answers', () => {
    const live = new ProductSearchIndex(entries.slice(0, 500))
    for (let round = 0; round < 5; round++)
      live.apply(
        entries.slice(0, 500).map((e) => ({ ...e, pricePaise: e.pricePaise + round })),
        [],
      )
    const all = entries.slice(0, 500).map((e) => ({ ...e, pricePaise: e.pricePaise + 4 }))
    expect(live.search({ sort: 'price', offset: 0, limit: 500, countCap: 5_000 }).ids).toEqual(
      reference(all, '', undefined, 'price'),
    )
  })

  it('forgives a typing slip, closest first, and keeps the category', () => {
    const small = new ProductSearchIndex([
      { id: id(1), name: 'Paracetamol 650 mg Tablet', categoryKey: 'pain', pricePaise: 1, createdAt: 1 },
      { id: id(2), name: 'Paracetamol 500 mg Tablet', categoryKey: 'pain', pricePaise: 1, createdAt: 1 },
      { id: id(3), name: 'Pantoprazole 40 mg Tablet', categoryKey: 'pain', pricePaise: 1, createdAt: 1 },
      { id: id(4), name: 'Ashwagandha Capsules', categoryKey: 'ayurvedic', pricePaise: 1, createdAt: 1 },
    ])
    expect(small.nearMatches('paracetmol', undefined, 10)).toEqual([id(2), id(1)])
    expect(small.nearMatches('paracetm', undefined, 10)).toEqual([id(2), id(1)]) // still typing
    expect(small.nearMatches('paracetmol 650', undefined, 10)).toEqual([id(1)])
    expect(small.nearMatches('ashwagnda', undefined, 10)).toEqual([id(4)])
    expect(small.nearMatches('ashwagnda', 'pain', 10)).toEqual([])
    expect(small.nearMatches('zzqqxx', undefined, 10)).toEqual([])
    expect(small.nearMatches('%%', undefined, 10)).toEqual([])
  })
})

describe('typing slips', () => {
  it('measures the edits from the typed text to the closest prefix of a word', () => {
    expect(prefixDistance('paracetmol', 'paracetamol', 2)).toBe(1)
    expect(prefixDistance('paracetm', 'paracetamol', 2)).toBe(1)
    expect(prefixDistance('ashwagnda', 'ashwagandha', 2)).toBe(2)
    expect(prefixDistance('paracetmol', 'pantoprazole', 2)).toBe(3) // more than allowed
    expect(prefixDistance('tabl', 'tablet', 1)).toBe(0)
  })
  it('allows one slip from four letters and two from eight', () => {
    expect([3, 4, 7, 8].map(typosAllowed)).toEqual([0, 1, 1, 2])
  })
  it('splits names into lower-case words', () => {
    expect(wordsOf('Vitamin D3 60000 IU (Zenova)')).toEqual(['vitamin', 'd3', '60000', 'iu', 'zenova'])
  })
})
