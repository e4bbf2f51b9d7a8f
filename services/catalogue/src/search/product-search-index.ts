import type { ProductSort } from '@medstore/contracts/catalogue'
import { NumberList } from './number-list'
import { PostingList } from './posting-list'
import { RecentAnswers } from './recent-answers'
import { SortOrder } from './sort-order'
import { TextColumn } from './text-column'
import { prefixDistance, TYPO_MIN_WORD, typosAllowed, wordsOf } from './typo-distance'
import { UuidSlots } from './uuid-slots'

/** What the index knows of a product: what a search matches, filters and sorts on (never stock). */
export type SearchEntry = {
  /** A UUID, as every product's id is. */
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

const utf8 = new TextEncoder()
/** A search text as the bytes TextColumn.includes looks for. */
const utf8Of = (text: string) => utf8.encode(text)

const SORTS: readonly ProductSort[] = ['name', '-name', 'price', '-price', 'newest']

/**
 * How many recent searches keep their answer until the index changes. Shoppers repeat the same popular
 * terms, and a broad one ('tablet') counts up to 5,000 matches for every page asked: that count was a third
 * of the catalogue's CPU per search (bench:catalogue profile, 26 Nov). Stock changes do not touch the index.
 */
const RECENT_ANSWERS = 512

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
  /** Each slot's product id, and the slot of each live id. */
  private ids = new UuidSlots()
  /** Names as UTF-8 off the heap, sorted on; searches match the lower-cased names' bytes. */
  private names = new TextColumn()
  private lowers = new TextColumn()
  /** Each slot's category as its number in categoryKeys. */
  private categories = new NumberList((n) => new Int32Array(n))
  private prices = new NumberList((n) => new Float64Array(n))
  private created = new NumberList((n) => new Float64Array(n))
  /** 1 for a live slot, 0 for one replaced or removed. */
  private alive = new NumberList((n) => new Uint8Array(n))
  private grams = new Map<string, PostingList>()
  private words = new Map<string, number>()
  private categoryKeys: string[] = []
  private categoryNumbers = new Map<string, number>()
  /** For each sort, the live slots in order and each one's position in it. */
  private orders = new Map(SORTS.map((s): [ProductSort, SortOrder] => [s, new SortOrder()]))
  private dead = 0
  private recent = new RecentAnswers<SearchResult | string[]>(RECENT_ANSWERS)
  private scratch = new Int32Array(0)
  /** The decoded posting list of a near-match search (searches run one at a time). */
  private decoded = new Int32Array(0)
  /** A search's candidates, decoded a chunk at a time. */
  private readonly chunk = new Int32Array(1024)

  constructor(entries: Iterable<SearchEntry> = []) {
    const added: number[] = []
    this.bulkAppend(entries, added)
    this.bulkIndex(added)
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
    for await (const page of pages) index.bulkAppend(page, added)
    index.bulkIndex(added)
    return index
  }

  /** How many products the index holds. */
  get size(): number {
    return this.ids.size
  }

  has(id: string): boolean {
    return this.ids.slotOf(id) >= 0
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
    if (this.dead > Math.max(1_000, this.ids.size / 4)) this.rebuild()
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
    const needle = utf8Of(q)
    const order = this.orders.get(request.sort)!.slots
    const category = categoryKey === undefined ? -1 : (this.categoryNumbers.get(categoryKey) ?? -2)
    const alive = this.alive.array
    const categories = this.categories.array
    const matches = (slot: number) =>
      alive[slot] === 1 &&
      (category === -1 || categories[slot] === category) &&
      (q === '' || this.lowers.includes(slot, needle))

    if (q === '' && categoryKey === undefined) {
      const n = this.size
      return {
        ids: this.walk(order, offset, limit, (slot) => alive[slot] === 1),
        total: Math.min(n, countCap),
        capped: n > countCap,
      }
    }
    // Count (up to the cap), keeping the matching slots.
    const found: number[] = []
    if (q.length >= 3) {
      const reader = this.shortestList(q)?.reader()
      const chunk = this.chunk
      for (let n = reader?.read(chunk) ?? 0; n > 0 && found.length <= countCap; n = reader!.read(chunk))
        for (let i = 0; i < n && found.length <= countCap; i++) if (matches(chunk[i]!)) found.push(chunk[i]!)
    } else
      for (let slot = 0; slot < this.lowers.length && found.length <= countCap; slot++)
        if (matches(slot)) found.push(slot)
    const capped = found.length > countCap
    const total = Math.min(found.length, countCap)
    if (capped) return { ids: this.walk(order, offset, limit, matches), total, capped }
    // Every match is in hand: sort their positions in the presorted order (integers, no string compares).
    const rank = this.orders.get(request.sort)!.ranks
    const positions = this.scratchOf(found.length)
    for (let i = 0; i < found.length; i++) positions[i] = rank[found[i]!]!
    positions.sort()
    const ids = Array.from(positions.subarray(offset, offset + limit), (p) => this.ids.idAt(order[p]!))
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
        (n, { text }) => n + (text.length >= 3 ? (this.shortestList(text)?.length ?? 0) : this.lowers.length),
        0,
      )
    const reaches = options.map(reach)
    const rarest = options[reaches.indexOf(Math.min(...reaches))]!
    const seen = new Set<number>()
    const scored: { slot: number; cost: number }[] = []
    const needles = options.map((spellings) =>
      spellings.map((s) => ({ bytes: utf8Of(s.text), cost: s.cost })),
    )
    for (const { text } of rarest) {
      const candidates = text.length >= 3 ? this.candidates(text) : undefined
      const end = candidates ? candidates.length : this.lowers.length
      for (let i = 0; i < end; i++) {
        const slot = candidates ? candidates[i]! : i
        if (seen.has(slot) || this.alive.at(slot) === 0) continue
        seen.add(slot)
        if (categoryKey !== undefined && this.categoryKeys[this.categories.at(slot)] !== categoryKey) continue
        let cost = 0
        for (const spellings of needles) {
          const best = spellings.find((s) => this.lowers.includes(slot, s.bytes))
          if (!best) {
            cost = -1
            break
          }
          cost += best.cost
        }
        if (cost >= 0) scored.push({ slot, cost })
      }
    }
    const byName = this.orders.get('name')!.ranks
    scored.sort((a, b) => a.cost - b.cost || byName[a.slot]! - byName[b.slot]!)
    return scored.slice(0, limit).map(({ slot }) => this.ids.idAt(slot))
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

  /**
   * The slots that may contain `q` (three letters or more): the shortest posting list of its trigrams,
   * valid until the next call.
   */
  private candidates(q: string): Int32Array {
    const shortest = this.shortestList(q)
    if (!shortest) return new Int32Array(0)
    if (this.decoded.length < shortest.length)
      this.decoded = new Int32Array(Math.max(shortest.length, this.decoded.length * 2))
    return shortest.decodeInto(this.decoded)
  }

  /** The shortest posting list of the trigrams of `q`; none when one of them is in no name. */
  private shortestList(q: string): PostingList | undefined {
    let shortest: PostingList | undefined
    for (const gram of trigramsOf(q)) {
      const list = this.grams.get(gram)
      if (!list) return undefined
      if (!shortest || list.length < shortest.length) shortest = list
    }
    return shortest
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
      if (seen++ >= offset) ids.push(this.ids.idAt(slot))
    }
    return ids
  }

  /** The database's ORDER BY for each sort (names compare by code point, as the C collation does). */
  private comparator(sort: ProductSort): (a: number, b: number) => number {
    const { names, prices, created, ids } = this
    const byId = (a: number, b: number) => ids.compare(a, b)
    switch (sort) {
      case 'name':
        return (a, b) => names.compare(a, b) || byId(a, b)
      case '-name':
        return (a, b) => names.compare(b, a) || byId(a, b)
      case 'price':
        return (a, b) => prices.at(a) - prices.at(b) || byId(a, b)
      case '-price':
        return (a, b) => prices.at(b) - prices.at(a) || byId(a, b)
      case 'newest':
        return (a, b) => created.at(b) - created.at(a) || byId(a, b)
    }
  }

  /** Appends entries without indexing them yet (adding their slots to `added`), as bulkIndex wants. */
  private bulkAppend(entries: Iterable<SearchEntry>, added: number[]): void {
    for (const entry of entries) {
      this.kill(entry.id)
      added.push(this.append(entry, false))
    }
  }

  /** Sorts and indexes the slots bulkAppend added, into an index that had none before them. */
  private bulkIndex(added: number[]): void {
    this.mergeIntoOrders(added)
    this.indexGrams(added)
  }

  /** indexed: false while bulk loading, whose posting lists indexGrams builds at the end. */
  private append(entry: SearchEntry, indexed = true): number {
    const lower = entry.name.toLowerCase()
    const slot = this.ids.add(entry.id)
    this.names.push(entry.name)
    this.lowers.push(lower)
    this.categories.push(this.categoryNumber(entry.categoryKey))
    this.prices.push(entry.pricePaise)
    this.created.push(entry.createdAt)
    this.alive.push(1)
    if (indexed)
      for (const gram of trigramsOf(lower)) {
        const list = this.grams.get(gram) ?? new PostingList()
        if (list.length === 0) this.grams.set(gram, list)
        list.push(slot)
      }
    for (const word of new Set(wordsOf(lower))) this.words.set(word, (this.words.get(word) ?? 0) + 1)
    return slot
  }

  /** The posting lists of these slots (ascending, live or not, none indexed yet): sized, then filled. */
  private indexGrams(slots: number[]): void {
    const sizes = new Map<string, { bytes: number; last: number }>()
    for (const slot of slots)
      for (const gram of trigramsOf(this.lowers.at(slot))) {
        const size = sizes.get(gram) ?? { bytes: 0, last: -1 }
        if (size.last < 0) sizes.set(gram, size)
        size.bytes += PostingList.bytesOfGap(slot - size.last)
        size.last = slot
      }
    let total = 0
    for (const { bytes } of sizes.values()) total += bytes
    const postings = new Uint8Array(total)
    const lists = new Map<string, PostingList>()
    let start = 0
    for (const [gram, { bytes }] of sizes) {
      lists.set(gram, PostingList.over(postings.subarray(start, start + bytes)))
      start += bytes
    }
    for (const slot of slots) for (const gram of trigramsOf(this.lowers.at(slot))) lists.get(gram)!.push(slot)
    this.grams = lists
  }

  /** The number of a category key, a new one for a key not seen before. */
  private categoryNumber(key: string): number {
    const known = this.categoryNumbers.get(key)
    if (known !== undefined) return known
    this.categoryKeys.push(key)
    this.categoryNumbers.set(key, this.categoryKeys.length - 1)
    return this.categoryKeys.length - 1
  }

  private kill(id: string): void {
    const slot = this.ids.slotOf(id)
    if (slot < 0) return
    this.ids.delete(id)
    this.alive.set(slot, 0)
    this.dead++
    for (const word of new Set(wordsOf(this.lowers.at(slot)))) {
      const n = (this.words.get(word) ?? 1) - 1
      if (n === 0) this.words.delete(word)
      else this.words.set(word, n)
    }
  }

  /** Sorts the new slots (those still alive) and merges them into each order, dropping dead slots. */
  private mergeIntoOrders(added: number[]): void {
    const alive = (slot: number) => this.alive.at(slot) === 1
    const live = Int32Array.from(added.filter(alive))
    const fresh = new Int32Array(live.length)
    for (const sort of SORTS) {
      const compare = this.comparator(sort)
      fresh.set(live)
      fresh.sort(compare)
      this.orders.get(sort)!.merge(fresh, alive, compare, this.ids.slots)
    }
  }

  /** Starts again from the live entries: compact slots and posting lists. */
  private rebuild(): void {
    const live: SearchEntry[] = []
    for (let slot = 0; slot < this.ids.slots; slot++)
      if (this.alive.at(slot) === 1)
        live.push({
          id: this.ids.idAt(slot),
          name: this.names.at(slot),
          categoryKey: this.categoryKeys[this.categories.at(slot)]!,
          pricePaise: this.prices.at(slot),
          createdAt: this.created.at(slot),
        })
    const fresh = new ProductSearchIndex(live)
    Object.assign(this, fresh)
  }
}
