import type { ProductSort } from '@medstore/contracts/catalogue'
import { describe, expect, it } from 'vitest'
import { syntheticProducts } from '../../../../bench/fixtures/synthetic-catalogue'
import { categoryKey, ingredientsText } from '../../src/domain/search'
import { ProductSearchIndex, type SearchEntry } from '../../src/search/product-search-index'
import { prefixDistance, typosAllowed, wordsOf } from '../../src/search/typo-distance'

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
const entries: SearchEntry[] = [...syntheticProducts(3_000, 7)].map((p, n) => ({
  id: id(n),
  name: p.name,
  categoryKey: categoryKey(p.category),
  pricePaise: p.pricePaise,
  createdAt: 1_700_000_000_000 + (n % 500) * 1000, // ties on purpose: the id breaks them
  ingredients: ingredientsText(p.composition, p.keyIngredients),
}))

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
/**
 * The ranking, written plainly: the products of the category whose name contains q (what the database's
 * ILIKE '%q%' answered), then those whose ingredients contain it and name does not, each group ORDER BY
 * the sort then id. `byIngredient` lists the second group.
 */
function ranked(all: SearchEntry[], q: string, category: string | undefined, sort: ProductSort) {
  const compare: Record<ProductSort, (a: SearchEntry, b: SearchEntry) => number> = {
    name: (a, b) => byText(a.name, b.name),
    '-name': (a, b) => byText(b.name, a.name),
    price: (a, b) => a.pricePaise - b.pricePaise,
    '-price': (a, b) => b.pricePaise - a.pricePaise,
    newest: (a, b) => b.createdAt - a.createdAt,
  }
  const lower = q.toLowerCase()
  const sorted = all
    .filter((e) => category === undefined || e.categoryKey === category)
    .sort((a, b) => compare[sort](a, b) || byText(a.id, b.id))
  const named = sorted.filter((e) => e.name.toLowerCase().includes(lower))
  const byIngredient =
    lower === ''
      ? []
      : sorted.filter(
          (e) => !e.name.toLowerCase().includes(lower) && (e.ingredients ?? '').toLowerCase().includes(lower),
        )
  return { ids: [...named, ...byIngredient].map((e) => e.id), byIngredient: byIngredient.map((e) => e.id) }
}
const reference = (...args: Parameters<typeof ranked>) => ranked(...args).ids

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
    ['caffeine', undefined], // only ever a second salt: every match is by ingredient
    ['Domperidone', undefined], // in names and as a second salt
    ['levocetirizine', 'cold & cough'],
    ['cetirizine', undefined], // Levocetirizine's salt too
    ['ashwa', undefined], // a key ingredient, named too
  ])('answers %j (category %s) names first, then ingredients, in every sort, page and cap', (q, category) => {
    for (const sort of sorts) {
      const expected = ranked(entries, q, category, sort)
      for (const [offset, limit, cap] of [
        [0, 24, 5_000],
        [48, 24, 5_000],
        [0, 10, 100],
        [300, 50, 100],
        [30, 24, 5_000], // across the two groups ('paracetamol': 51 names here)
        [30, 24, 100], // the same, the second group cut short by the cap
        [90, 30, 100],
      ] as const) {
        const found = index.search({ q, categoryKey: category, sort, offset, limit, countCap: cap })
        const page = expected.ids.slice(offset, offset + limit)
        expect(found.ids).toEqual(page)
        expect(found.byIngredient).toEqual(page.filter((id) => expected.byIngredient.includes(id)))
        expect(found.total).toBe(Math.min(expected.ids.length, cap))
        expect(found.capped).toBe(expected.ids.length > cap)
      }
    }
  })

  it('finds products by a salt or key ingredient, after those named so, any case', () => {
    const product = (n: number, name: string, ingredients: string, pricePaise: number) => ({
      id: id(n),
      name,
      categoryKey: 'medicines',
      pricePaise,
      createdAt: n,
      ingredients,
    })
    const small = new ProductSearchIndex([
      product(1, 'Paracetamol 650 mg Tablet', 'Paracetamol', 300),
      product(2, 'Pyrexon 650 Tablet', 'Paracetamol', 100),
      product(3, 'Aceclo-Plus Tablet', 'Aceclofenac + Paracetamol', 200),
      product(4, 'Cetirizine 10 mg Tablet', 'Cetirizine', 50),
      product(5, 'Stress Relief Capsule', 'Ashwagandha + Brahmi', 400),
      product(6, 'Ashwagandha Churna 100 g', 'Ashwagandha', 500),
    ])
    const ask = (q: string, sort: ProductSort = 'name') =>
      small.search({ q, sort, offset: 0, limit: 10, countCap: 5_000 })
    expect(ask('paracetamol')).toEqual({
      ids: [id(1), id(3), id(2)],
      byIngredient: [id(3), id(2)],
      total: 3,
      capped: false,
    })
    // The sort orders each group, never mixes them: the cheapest brand still comes after the generic.
    expect(ask('PARACET', 'price').ids).toEqual([id(1), id(2), id(3)])
    expect(ask('ashwagandha').ids).toEqual([id(6), id(5)])
    expect(ask('brahmi').byIngredient).toEqual([id(5)])
    // Strengths are not matched: 'mg' means what names say, not every tablet with a composition.
    expect(ask('mg').byIngredient).toEqual([])
    // A typing slip: names first, then ingredients, each closest first.
    expect(small.nearMatches('paracetmol', undefined, 10)).toEqual({
      ids: [id(1), id(3), id(2)],
      byIngredient: [id(3), id(2)],
    })
    expect(small.nearMatches('ashwagnda', undefined, 10).byIngredient).toEqual([id(5)])
    // A changed composition is searched as it now is.
    small.apply([product(2, 'Pyrexon 650 Tablet', 'Ibuprofen', 100)], [])
    expect(ask('paracetamol').ids).toEqual([id(1), id(3)])
    expect(ask('ibuprofen').byIngredient).toEqual([id(2)])
    // Capped across the groups: later pages keep working.
    const capped = small.search({ q: 'paracetamol', sort: 'name', offset: 1, limit: 5, countCap: 1 })
    expect(capped).toEqual({ ids: [id(3)], byIngredient: [id(3)], total: 1, capped: true })
  })

  it('finds texts beyond ASCII by their own letters, loaded whole or added one by one', () => {
    const extra: SearchEntry[] = [
      { name: 'अश्वगंधा चूर्ण', ingredients: 'अश्वगंधा' },
      // Ā (U+0100) and ऀ (U+0900) share the ten bits a trigram keeps of each letter.
      { name: 'Āāā Balm', ingredients: '' },
      { name: 'Crème de Menthe Lozenges', ingredients: 'Mentha' },
    ].map((e, n) => ({ ...e, id: id(90_000 + n), categoryKey: 'ayurvedic', pricePaise: 100, createdAt: 0 }))
    const bulk = new ProductSearchIndex([...entries, ...extra])
    const oneByOne = new ProductSearchIndex(entries)
    oneByOne.apply(extra, [])
    for (const built of [bulk, oneByOne]) {
      const find = (q: string) => built.search({ q, sort: 'name', offset: 0, limit: 24, countCap: 5_000 }).ids
      expect(find('गंधा')).toEqual([id(90_000)])
      expect(find('\u0900\u0901\u0901')).toEqual([])
      expect(find('āāa')).toEqual([])
      expect(find('āā b')).toEqual([id(90_001)])
      expect(find('crème')).toEqual([id(90_002)])
      expect(find('rème de')).toEqual([id(90_002)])
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
    expect(near().ids).toEqual([])
    const first = ask()
    first.ids.push('changed by a caller')
    expect(ask().ids).toEqual([]) // a caller's change to an answer is not remembered
    live.apply([{ ...entries[7]!, name: 'Zzz Balm' }], [])
    expect(ask()).toEqual({ ids: [entries[7]!.id], byIngredient: [], total: 1, capped: false })
    expect(near().ids).toEqual([entries[7]!.id])
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
    const near = (q: string, category?: string) => small.nearMatches(q, category, 10).ids
    expect(near('paracetmol')).toEqual([id(2), id(1)])
    expect(near('paracetm')).toEqual([id(2), id(1)]) // still typing
    expect(near('paracetmol 650')).toEqual([id(1)])
    expect(near('ashwagnda')).toEqual([id(4)])
    expect(near('ashwagnda', 'pain')).toEqual([])
    expect(near('zzqqxx')).toEqual([])
    expect(near('%%')).toEqual([])
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
