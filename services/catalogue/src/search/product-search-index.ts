import type { ProductSort } from '@medstore/contracts/catalogue'
import { NumberList } from './number-list'
import { RecentAnswers } from './recent-answers'
import { SortOrder } from './sort-order'
import { TextColumn } from './text-column'
import { TrigramText } from './trigram-text'
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
  /**
   * The salts of its composition and its key ingredients as one text ('Aceclofenac + Paracetamol',
   * ingredientsText), searched after the name; none for a product that lists neither.
   */
  ingredients?: string
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

/** Ids of products found, in order, and which of them were found by an ingredient, not by their name. */
export type Found = { ids: string[]; byIngredient: string[] }

export type SearchResult = Found & { total: number; capped: boolean }

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

/**
 * The catalogue's product search, in memory: exact substring matches on the name (what `ILIKE '%q%'`
 * answered), then on the salts and key ingredients of the products whose name does not match, each from a
 * trigram index; the five sort orders kept presorted; and near matches for a typing slip from the
 * vocabulary of those texts' words. It holds ids and sort keys only: the caller reads the rows of a page
 * from the database, so stock, prices shown and descriptions are always current.
 *
 * Ranking: every product whose name contains the search comes first, then those holding it only in their
 * composition or key ingredients ('paracetamol': the Paracetamol tablets, then Pyrexon 650, whose salt it
 * is), each group in the asked sort order. A shopper who types a name means that product; one who types a
 * salt is shown its generics by name first and the brands that contain it after.
 *
 * Every product lives in a slot; replacing a product gives it a new slot and leaves the old one dead,
 * so posting lists only ever grow at the end and stay sorted. Dead slots are swept by a rebuild once
 * they are a quarter of the index.
 */
export class ProductSearchIndex {
  /** Each slot's product id, and the slot of each live id. */
  private ids = new UuidSlots()
  /** Names as UTF-8 off the heap, sorted on. */
  private names = new TextColumn()
  /** The lower-cased names and ingredients searches match, with their trigram indexes. */
  private nameText = new TrigramText()
  private ingredientText = new TrigramText()
  /** Each slot's category as its number in categoryKeys. */
  private categories = new NumberList((n) => new Int32Array(n))
  private prices = new NumberList((n) => new Float64Array(n))
  private created = new NumberList((n) => new Float64Array(n))
  /** 1 for a live slot, 0 for one replaced or removed. */
  private alive = new NumberList((n) => new Uint8Array(n))
  /** The words of live names and ingredients, and how many live slots hold each (near matches' vocabulary). */
  private words = new Map<string, number>()
  private categoryKeys: string[] = []
  private categoryNumbers = new Map<string, number>()
  /** For each sort, the live slots in order and each one's position in it. */
  private orders = new Map(SORTS.map((s): [ProductSort, SortOrder] => [s, new SortOrder()]))
  private dead = 0
  private recent = new RecentAnswers<SearchResult | Found>(RECENT_ANSWERS)
  private scratch = new Int32Array(0)

  constructor(entries: Iterable<SearchEntry> = []) {
    const added: number[] = []
    this.bulkAppend(entries, added)
    this.bulkIndex(added)
  }

  /**
   * The index of a whole catalogue read a page at a time: only one page of rows is held besides the
   * index, and the sort orders and posting lists are built once at the end.
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

  /**
   * One page of the products matching `q` (by name, then by ingredient) and the category, and how many
   * match.
   */
  search(request: SearchRequest): SearchResult {
    const { q, categoryKey, sort, offset, limit, countCap } = request
    const question = `s\0${q?.toLowerCase() ?? ''}\0${categoryKey ?? ''}\0${sort}\0${offset}\0${limit}\0${countCap}`
    const { ids, byIngredient, total, capped } = this.recent.answer(question, () =>
      this.searchNow(request),
    ) as SearchResult
    return { ids: [...ids], byIngredient: [...byIngredient], total, capped }
  }

  private searchNow(request: SearchRequest): SearchResult {
    const q = request.q?.toLowerCase() ?? ''
    const { categoryKey, countCap, offset, limit } = request
    const needle = utf8Of(q)
    const order = this.orders.get(request.sort)!.slots
    const category = categoryKey === undefined ? -1 : (this.categoryNumbers.get(categoryKey) ?? -2)
    const alive = this.alive.array
    const categories = this.categories.array
    const wanted = (slot: number) => alive[slot] === 1 && (category === -1 || categories[slot] === category)

    if (q === '' && categoryKey === undefined) {
      const n = this.size
      return {
        ids: this.walk(order, offset, limit, (slot) => alive[slot] === 1).ids,
        byIngredient: [],
        total: Math.min(n, countCap),
        capped: n > countCap,
      }
    }
    const byName = (slot: number) => wanted(slot) && this.nameText.includes(slot, needle)
    const byIngredient = (slot: number) =>
      wanted(slot) && !this.nameText.includes(slot, needle) && this.ingredientText.includes(slot, needle)
    // The two groups' matches, counted together up to the cap (one more says it is capped). A group
    // counted whole is put in order by rank; one the cap cut short is walked in the sort order instead.
    const named = this.nameText.collect(q, byName, countCap + 1)
    const groups = [{ slots: named, whole: named.length <= countCap, matches: byName }]
    let found = named.length
    if (q !== '') {
      const others = this.ingredientText.collect(q, byIngredient, countCap + 1 - found)
      found += others.length
      groups.push({ slots: others, whole: found <= countCap, matches: byIngredient })
    }
    const ids: string[] = []
    const fromIngredients: string[] = []
    let skip = offset
    for (const [group, { slots, whole, matches }] of groups.entries()) {
      const want = limit - ids.length
      if (want <= 0) break
      const page = whole
        ? this.inOrder(slots, request.sort, skip, want)
        : this.walk(order, skip, want, matches)
      ids.push(...page.ids)
      if (group > 0) fromIngredients.push(...page.ids)
      skip = Math.max(0, skip - page.seen)
    }
    return { ids, byIngredient: fromIngredients, total: Math.min(found, countCap), capped: found > countCap }
  }

  /**
   * Products whose name or ingredients have every word of `q`, each as typed or within a slip or two of a
   * word of the catalogue ('paracetmol' → paracetamol), closest first (a name before an ingredient at the
   * same distance), then by name. For a search that found nothing by substring: it reads the vocabulary,
   * not the products, so it costs more than a search.
   */
  nearMatches(q: string, categoryKey: string | undefined, limit: number): Found {
    const question = `n\0${q.toLowerCase()}\0${categoryKey ?? ''}\0${limit}`
    const { ids, byIngredient } = this.recent.answer(question, () =>
      this.nearMatchesNow(q, categoryKey, limit),
    ) as Found
    return { ids: [...ids], byIngredient: [...byIngredient] }
  }

  private nearMatchesNow(q: string, categoryKey: string | undefined, limit: number): Found {
    const typed = wordsOf(q)
    if (typed.length === 0) return { ids: [], byIngredient: [] }
    const options = typed.map((word) => this.spellings(word))
    // Candidates come from the word whose spellings reach the fewest slots; every other word is checked per product.
    const texts = [this.nameText, this.ingredientText]
    const reach = (spellings: { text: string }[]) =>
      spellings.reduce((n, { text }) => n + texts.reduce((m, source) => m + source.reach(text), 0), 0)
    const reaches = options.map(reach)
    const rarest = options[reaches.indexOf(Math.min(...reaches))]!
    const needles = options.map((spellings) =>
      spellings.map((s) => ({ bytes: utf8Of(s.text), cost: s.cost })),
    )
    const seen = new Set<number>()
    const scored: { slot: number; cost: number; byIngredient: boolean }[] = []
    const consider = (slot: number) => {
      if (seen.has(slot) || this.alive.at(slot) === 0) return
      seen.add(slot)
      if (categoryKey !== undefined && this.categoryKeys[this.categories.at(slot)] !== categoryKey) return
      const score = this.nearScore(slot, needles)
      if (score) scored.push({ slot, ...score })
    }
    for (const { text } of rarest)
      for (const source of texts) {
        const candidates = source.candidates(text)
        if (!candidates) {
          // Under three letters: every slot may hold it, whichever text.
          for (let slot = 0; slot < source.length; slot++) consider(slot)
          break
        }
        for (const slot of candidates) consider(slot)
      }
    const byName = this.orders.get('name')!.ranks
    scored.sort(
      (a, b) =>
        a.cost - b.cost ||
        Number(a.byIngredient) - Number(b.byIngredient) ||
        byName[a.slot]! - byName[b.slot]!,
    )
    const best = scored.slice(0, limit)
    return {
      ids: best.map(({ slot }) => this.ids.idAt(slot)),
      byIngredient: best.filter((s) => s.byIngredient).map(({ slot }) => this.ids.idAt(slot)),
    }
  }

  /**
   * How many slips a product is from the typed words (each word's closest spelling in its name, else in
   * its ingredients), and whether an ingredient was needed; undefined when a word is in neither.
   */
  private nearScore(
    slot: number,
    needles: { bytes: Uint8Array; cost: number }[][],
  ): { cost: number; byIngredient: boolean } | undefined {
    let cost = 0
    let byIngredient = false
    for (const spellings of needles) {
      const inName = spellings.find((s) => this.nameText.includes(slot, s.bytes))
      const inIngredients = spellings.find((s) => this.ingredientText.includes(slot, s.bytes))
      const best = inName && (!inIngredients || inName.cost <= inIngredients.cost) ? inName : inIngredients
      if (!best) return undefined
      if (best !== inName) byIngredient = true
      cost += best.cost
    }
    return { cost, byIngredient }
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
   * Room for `n` positions, reused by every search (searches run one at a time): a typed array per search
   * was a malloc'd buffer per request, garbage until the next collection.
   */
  private scratchOf(n: number): Int32Array {
    if (this.scratch.length < n) this.scratch = new Int32Array(Math.max(n, this.scratch.length * 2))
    return this.scratch.subarray(0, n)
  }

  /**
   * The ids at positions skip … skip + want of these slots in a sort order: their positions in it sorted
   * (integers, no string compares). `seen`: how many there are.
   */
  private inOrder(slots: number[], sort: ProductSort, skip: number, want: number) {
    const { slots: order, ranks } = this.orders.get(sort)!
    const positions = this.scratchOf(slots.length)
    for (let i = 0; i < slots.length; i++) positions[i] = ranks[slots[i]!]!
    positions.sort()
    const ids = Array.from(positions.subarray(skip, skip + want), (p) => this.ids.idAt(order[p]!))
    return { ids, seen: slots.length }
  }

  /**
   * The ids of the matches at positions skip … skip + want of a sort order; `seen`: how many matches it
   * passed (all of them when it found fewer than `want`).
   */
  private walk(order: Int32Array, skip: number, want: number, matches: (slot: number) => boolean) {
    const ids: string[] = []
    let seen = 0
    for (let i = 0; i < order.length && ids.length < want; i++) {
      const slot = order[i]!
      if (!matches(slot)) continue
      if (seen++ >= skip) ids.push(this.ids.idAt(slot))
    }
    return { ids, seen }
  }

  /**
   * The database's ORDER BY for each sort (names compare by code point, as the C collation does). Valid
   * until the next append: it reads the columns' typed arrays directly (`at` serves every element type and
   * was most of a restart's sorting).
   */
  private comparator(sort: ProductSort): (a: number, b: number) => number {
    const { names, ids } = this
    const prices = this.prices.array
    const created = this.created.array
    const byId = (a: number, b: number) => ids.compare(a, b)
    switch (sort) {
      case 'name':
        return (a, b) => names.compare(a, b) || byId(a, b)
      case '-name':
        return (a, b) => names.compare(b, a) || byId(a, b)
      case 'price':
        return (a, b) => prices[a]! - prices[b]! || byId(a, b)
      case '-price':
        return (a, b) => prices[b]! - prices[a]! || byId(a, b)
      case 'newest':
        return (a, b) => created[b]! - created[a]! || byId(a, b)
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
    this.nameText.indexAll(added)
    this.ingredientText.indexAll(added)
  }

  /** indexed: false while bulk loading, whose posting lists bulkIndex builds at the end. */
  private append(entry: SearchEntry, indexed = true): number {
    const lower = entry.name.toLowerCase()
    const ingredients = (entry.ingredients ?? '').toLowerCase()
    const slot = this.ids.add(entry.id)
    this.names.push(entry.name)
    this.nameText.push(lower, indexed)
    this.ingredientText.push(ingredients, indexed)
    this.categories.push(this.categoryNumber(entry.categoryKey))
    this.prices.push(entry.pricePaise)
    this.created.push(entry.createdAt)
    this.alive.push(1)
    for (const word of distinctWords(lower, ingredients))
      this.words.set(word, (this.words.get(word) ?? 0) + 1)
    return slot
  }

  /** The distinct words of a slot's name and ingredients. */
  private wordsOfSlot(slot: number): Set<string> {
    return distinctWords(this.nameText.at(slot), this.ingredientText.at(slot))
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
    for (const word of this.wordsOfSlot(slot)) {
      const n = (this.words.get(word) ?? 1) - 1
      if (n === 0) this.words.delete(word)
      else this.words.set(word, n)
    }
  }

  /**
   * Sorts the new slots (those still alive) and merges them into each order, dropping dead slots. A
   * descending sort is its ascending one read backwards with each run of ties turned back (ties go by id,
   * ascending, either way): two sorts of five saved at a restart.
   */
  private mergeIntoOrders(added: number[]): void {
    const alive = (slot: number) => this.alive.at(slot) === 1
    const live = Int32Array.from(added.filter(alive))
    const ascending = new Map<ProductSort, Int32Array>()
    const tie = { '-name': 'name', '-price': 'price' } as const
    for (const sort of SORTS) {
      const compare = this.comparator(sort)
      const reverseOf = sort in tie ? ascending.get(tie[sort as keyof typeof tie]) : undefined
      const fresh = reverseOf ? reversedKeepingTies(reverseOf, compare) : live.slice().sort(compare)
      ascending.set(sort, fresh)
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
          ingredients: this.ingredientText.at(slot),
        })
    const fresh = new ProductSearchIndex(live)
    Object.assign(this, fresh)
  }
}

/** The distinct words of a lower-cased name and ingredients text. */
const distinctWords = (name: string, ingredients: string) =>
  new Set([...wordsOf(name), ...wordsOf(ingredients)])

/**
 * The descending order of slots sorted ascending by a key then by id: `sorted` backwards, each run of
 * equal keys put back in ascending id order. `descending` is the descending sort's comparator: two slots
 * of equal key compare by id there, so a run is where it does not put the later slot first.
 */
export function reversedKeepingTies(
  sorted: Int32Array,
  descending: (a: number, b: number) => number,
): Int32Array {
  const out = new Int32Array(sorted.length)
  let at = 0
  for (let end = sorted.length; end > 0; ) {
    // The run of ties ending at end - 1 starts where the slot before sorts before it in the descending order too.
    let start = end - 1
    while (start > 0 && descending(sorted[start - 1]!, sorted[start]!) < 0) start--
    for (let i = start; i < end; i++) out[at++] = sorted[i]!
    end = start
  }
  return out
}
