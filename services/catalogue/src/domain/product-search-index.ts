import type { ProductSort } from '@medstore/contracts/catalogue'
import { IntList } from './int-list'
import { RecentAnswers } from './recent-answers'
import { prefixDistance, TYPO_MIN_WORD, typosAllowed, wordsOf } from './typo-distance'

/** What the index knows of a product: what a search matches, filters and sorts on (never stock). */
export type SearchEntry = {
  id: string
  name: string
  /** The category's lookup key (categoryKey of its name). */
  categoryKey: string
  pricePaise: number
  /** Milliseconds since the epoch. */
  createdAt: number
}

export type SearchRequest = {
  /** Substring of the name, any case; % and _ are plain characters. */
  q?: string
  categoryKey?: string
  sort: ProductSort
  offset: number
  limit: number
  /** Matches are counted up to this many (`capped` when more match). */
  countCap: number
}

export type SearchResult = { ids: string[]; total: number; capped: boolean }

const SORTS: readonly ProductSort[] = ['name', '-name', 'price', '-price', 'newest']

/**
 * How many recent searches keep their answer until the index changes. Shoppers repeat the same popular
 * terms, and a broad one ('tablet') counts up to 5,000 matches for every page asked: that count was a third
 * of the catalogue's CPU per search (bench:catalogue profile, 26 Nov). Stock changes do not touch the index.
 */
const RECENT_ANSWERS = 512

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The distinct three-letter runs of a lower-cased text (the substring index's keys). */
function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>()
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3))
  return grams
}

/**
 * The catalogue's product search, in memory: exact substring matches on the name (what `ILIKE '%q%'`
 * answered) from a trigram index, the five sort orders kept presorted, and near matches for a typing
 * slip from the vocabulary of name words. It holds ids and sort keys only: the caller reads the rows of
 * a page from the database, so stock, prices shown and descriptions are always current.
 *
 * Every product lives in a slot; replacing a product gives it a new slot and leaves the old one dead,
 * so posting lists only ever grow at the end and stay sorted. Dead slots are swept by a rebuild once
 * they are a quarter of the index.
 */
export class ProductSearchIndex {
  private ids: string[] = []
  private names: string[] = []
  private lowers: string[] = []
  private categories: string[] = []
  private prices: number[] = []
  private created: number[] = []
  private alive: boolean[] = []
  private slotOf = new Map<string, number>()
  private grams = new Map<string, IntList>()
  private words = new Map<string, number>()
  private categoryKeys = new Map<string, string>()
  private orders = new Map(SORTS.map((s): [ProductSort, Int32Array] => [s, new Int32Array(0)]))
  /** For each sort, every live slot's position in its order. */
  private ranks = new Map(SORTS.map((s): [ProductSort, Int32Array] => [s, new Int32Array(0)]))
  private dead = 0
  private recent = new RecentAnswers<SearchResult | string[]>(RECENT_ANSWERS)
  private scratch = new Int32Array(0)

  constructor(entries: Iterable<SearchEntry> = []) {
    this.apply([...entries], [])
  }

  /**
   * The index of a whole catalogue read a page at a time: only one page of rows is held besides the
   * index, and the sort orders and posting lists are built once at the end, the posting lists as views
   * of one exactly sized buffer (grown list by list, the buffers left behind by doubling stayed resident
   * in malloc's heap: bench/memory.bench.ts).
   */
  static async load(pages: AsyncIterable<SearchEntry[]>): Promise<ProductSearchIndex> {
    const index = new ProductSearchIndex()
    const added: number[] = []
    for await (const page of pages)
      for (const entry of page) {
        index.kill(entry.id)
        added.push(index.append(entry, false))
      }
    index.mergeIntoOrders(added)
    index.indexGrams(added)
    return index
  }

  /** How many products the index holds. */
  get size(): number {
    return this.slotOf.size
  }

  has(id: string): boolean {
    return this.slotOf.has(id)
  }

  /** Adds or replaces `upserts` and drops `removals` (ids not held are ignored). */
  apply(upserts: SearchEntry[], removals: string[]): void {
    if (upserts.length || removals.length) this.recent.clear()
    for (const id of removals) this.kill(id)
    const added: number[] = []
    for (const entry of upserts) {
      this.kill(entry.id)
      added.push(this.append(entry))
    }
    if (this.dead > Math.max(1_000, this.slotOf.size / 4)) this.rebuild()
    else if (added.length) this.mergeIntoOrders(added)
  }

  /** One page of the products matching `q` (substring) and the category, and how many match. */
  search(request: SearchRequest): SearchResult {
    const { q, categoryKey, sort, offset, limit, countCap } = request
    const question = `s\0${q?.toLowerCase() ?? ''}\0${categoryKey ?? ''}\0${sort}\0${offset}\0${limit}\0${countCap}`
    const { ids, total, capped } = this.recent.answer(question, () => this.searchNow(request)) as SearchResult
    return { ids: [...ids], total, capped }
  }

  private searchNow(request: SearchRequest): SearchResult {
    const q = request.q?.toLowerCase() ?? ''
    const { categoryKey, countCap, offset, limit } = request
    const order = this.orders.get(request.sort)!
    const matches = (slot: number) =>
      this.alive[slot]! &&
      (categoryKey === undefined || this.categories[slot] === categoryKey) &&
      (q === '' || this.lowers[slot]!.includes(q))

    if (q === '' && categoryKey === undefined) {
      const n = this.size
      return {
        ids: this.walk(order, offset, limit, (slot) => this.alive[slot]!),
        total: Math.min(n, countCap),
        capped: n > countCap,
      }
    }
    // Count (up to the cap), keeping the matching slots.
    const candidates = q.length >= 3 ? this.candidates(q) : undefined
    const found: number[] = []
    const end = candidates ? candidates.length : this.ids.length
    for (let i = 0; i < end && found.length <= countCap; i++) {
      const slot = candidates ? candidates[i]! : i
      if (matches(slot)) found.push(slot)
    }
    const capped = found.length > countCap
    const total = Math.min(found.length, countCap)
    if (capped) return { ids: this.walk(order, offset, limit, matches), total, capped }
    // Every match is in hand: sort their positions in the presorted order (integers, no string compares).
    const rank = this.ranks.get(request.sort)!
    const positions = this.scratchOf(found.length)
    for (let i = 0; i < found.length; i++) positions[i] = rank[found[i]!]!
    positions.sort()
    const ids = Array.from(positions.subarray(offset, offset + limit), (p) => this.ids[order[p]!]!)
    return { ids, total, capped }
  }

  /**
   * Products whose name has every word of `q`, each as typed or within a slip or two of a word of the
   * catalogue ('paracetmol' → paracetamol), closest first, then by name. For a search that found
   * nothing by substring: it reads the vocabulary, not the products, so it costs more than a search.
   */
  nearMatches(q: string, categoryKey: string | undefined, limit: number): string[] {
    const question = `n\0${q.toLowerCase()}\0${categoryKey ?? ''}\0${limit}`
    return [...(this.recent.answer(question, () => this.nearMatchesNow(q, categoryKey, limit)) as string[])]
  }

  private nearMatchesNow(q: string, categoryKey: string | undefined, limit: number): string[] {
    const typed = wordsOf(q)
    if (typed.length === 0) return []
    const options = typed.map((word) => this.spellings(word))
    if (options.some((o) => o.length === 0)) return []
    // Candidates come from the word whose spellings have the fewest; every other word is checked per name.
    const reach = (spellings: { text: string }[]) =>
      spellings.reduce(
        (n, { text }) => n + (text.length >= 3 ? this.candidates(text).length : this.ids.length),
        0,
      )
    const reaches = options.map(reach)
    const rarest = options[reaches.indexOf(Math.min(...reaches))]!
    const seen = new Set<number>()
    const scored: { slot: number; cost: number }[] = []
    for (const { text } of rarest) {
      const candidates = text.length >= 3 ? this.candidates(text) : undefined
      const end = candidates ? candidates.length : this.ids.length
      for (let i = 0; i < end; i++) {
        const slot = candidates ? candidates[i]! : i
        if (seen.has(slot) || !this.alive[slot]) continue
        seen.add(slot)
        if (categoryKey !== undefined && this.categories[slot] !== categoryKey) continue
        const name = this.lowers[slot]!
        let cost = 0
        for (const spellings of options) {
          const best = spellings.find((s) => name.includes(s.text))
          if (!best) {
            cost = -1
            break
          }
          cost += best.cost
        }
        if (cost >= 0) scored.push({ slot, cost })
      }
    }
    const byName = this.ranks.get('name')!
    scored.sort((a, b) => a.cost - b.cost || byName[a.slot]! - byName[b.slot]!)
    return scored.slice(0, limit).map(({ slot }) => this.ids[slot]!)
  }

  /** A typed word as typed, then the catalogue's words within its allowed slips, closest first. */
  private spellings(word: string): { text: string; cost: number }[] {
    const max = typosAllowed(word.length)
    const found = [{ text: word, cost: 0 }]
    if (word.length < TYPO_MIN_WORD) return found
    for (const known of this.words.keys()) {
      if (known === word || known.length < word.length - max) continue
      const cost = prefixDistance(word, known, max)
      if (cost <= max) found.push({ text: known, cost })
    }
    return found.sort((a, b) => a.cost - b.cost)
  }

  /** The slots that may contain `q` (three letters or more): the shortest posting list of its trigrams. */
  private candidates(q: string): Int32Array {
    let shortest: IntList | undefined
    for (const gram of trigramsOf(q)) {
      const list = this.grams.get(gram)
      if (!list) return new Int32Array(0)
      if (!shortest || list.length < shortest.length) shortest = list
    }
    return shortest!.view()
  }

  /**
   * Room for `n` positions, reused by every search (searches run one at a time): a typed array per search
   * was a malloc'd buffer per request, garbage until the next collection.
   */
  private scratchOf(n: number): Int32Array {
    if (this.scratch.length < n) this.scratch = new Int32Array(Math.max(n, this.scratch.length * 2))
    return this.scratch.subarray(0, n)
  }

  /** The ids of the matches at positions offset … offset + limit of a sort order. */
  private walk(order: Int32Array, offset: number, limit: number, matches: (slot: number) => boolean) {
    const ids: string[] = []
    let seen = 0
    for (let i = 0; i < order.length && ids.length < limit; i++) {
      const slot = order[i]!
      if (!matches(slot)) continue
      if (seen++ >= offset) ids.push(this.ids[slot]!)
    }
    return ids
  }

  /** The database's ORDER BY for each sort (names compare by code point, as the C collation does). */
  private comparator(sort: ProductSort): (a: number, b: number) => number {
    const { names, prices, created, ids } = this
    const byId = (a: number, b: number) => byText(ids[a]!, ids[b]!)
    switch (sort) {
      case 'name':
        return (a, b) => byText(names[a]!, names[b]!) || byId(a, b)
      case '-name':
        return (a, b) => byText(names[b]!, names[a]!) || byId(a, b)
      case 'price':
        return (a, b) => prices[a]! - prices[b]! || byId(a, b)
      case '-price':
        return (a, b) => prices[b]! - prices[a]! || byId(a, b)
      case 'newest':
        return (a, b) => created[b]! - created[a]! || byId(a, b)
    }
  }

  /** indexed: false while bulk loading, whose posting lists indexGrams builds at the end. */
  private append(entry: SearchEntry, indexed = true): number {
    const slot = this.ids.length
    const lower = entry.name.toLowerCase()
    this.ids.push(entry.id)
    this.names.push(entry.name)
    this.lowers.push(lower)
    this.categories.push(this.intern(entry.categoryKey))
    this.prices.push(entry.pricePaise)
    this.created.push(entry.createdAt)
    this.alive.push(true)
    this.slotOf.set(entry.id, slot)
    if (indexed)
      for (const gram of trigramsOf(lower)) {
        const list = this.grams.get(gram) ?? new IntList()
        if (list.length === 0) this.grams.set(gram, list)
        list.push(slot)
      }
    for (const word of new Set(wordsOf(lower))) this.words.set(word, (this.words.get(word) ?? 0) + 1)
    return slot
  }

  /** The posting lists of these slots (ascending, live or not, none indexed yet): counted, then filled. */
  private indexGrams(slots: number[]): void {
    const counts = new Map<string, number>()
    for (const slot of slots)
      for (const gram of trigramsOf(this.lowers[slot]!)) counts.set(gram, (counts.get(gram) ?? 0) + 1)
    let total = 0
    for (const n of counts.values()) total += n
    const postings = new Int32Array(total)
    const lists = new Map<string, IntList>()
    let start = 0
    for (const [gram, n] of counts) {
      lists.set(gram, IntList.over(postings.subarray(start, start + n)))
      start += n
    }
    for (const slot of slots) for (const gram of trigramsOf(this.lowers[slot]!)) lists.get(gram)!.push(slot)
    this.grams = lists
  }

  /** One string per category, not one per product as the driver hands them out. */
  private intern(key: string): string {
    const known = this.categoryKeys.get(key)
    if (known !== undefined) return known
    this.categoryKeys.set(key, key)
    return key
  }

  private kill(id: string): void {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    this.slotOf.delete(id)
    this.alive[slot] = false
    this.dead++
    for (const word of new Set(wordsOf(this.lowers[slot]!))) {
      const n = (this.words.get(word) ?? 1) - 1
      if (n === 0) this.words.delete(word)
      else this.words.set(word, n)
    }
  }

  /** Sorts the new slots and merges them into each order, dropping dead slots on the way. */
  private mergeIntoOrders(added: number[]): void {
    for (const sort of SORTS) {
      const compare = this.comparator(sort)
      const fresh = Int32Array.from(added.filter((slot) => this.alive[slot])).sort(compare)
      const old = this.orders.get(sort)!
      const merged = new Int32Array(this.slotOf.size)
      let i = 0
      let j = 0
      let k = 0
      while (i < old.length || j < fresh.length) {
        if (i < old.length && !this.alive[old[i]!]) {
          i++
          continue
        }
        if (j >= fresh.length || (i < old.length && compare(old[i]!, fresh[j]!) <= 0)) merged[k++] = old[i++]!
        else merged[k++] = fresh[j++]!
      }
      this.orders.set(sort, merged.subarray(0, k))
      const rank = new Int32Array(this.ids.length)
      for (let p = 0; p < k; p++) rank[merged[p]!] = p
      this.ranks.set(sort, rank)
    }
  }

  /** Starts again from the live entries: compact slots and posting lists. */
  private rebuild(): void {
    const live: SearchEntry[] = []
    for (const slot of this.slotOf.values())
      live.push({
        id: this.ids[slot]!,
        name: this.names[slot]!,
        categoryKey: this.categories[slot]!,
        pricePaise: this.prices[slot]!,
        createdAt: this.created[slot]!,
      })
    const fresh = new ProductSearchIndex(live)
    Object.assign(this, fresh)
  }
}
