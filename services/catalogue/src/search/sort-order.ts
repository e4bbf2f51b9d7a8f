/**
 * One presorted order of the search index's live slots, and each slot's position in it, changed in place
 * in buffers with a little room to spare. A product's change used to build a new order and rank array for
 * every sort: 10 arrays of 4 bytes per product, ~4 MB per change on 100,000 products, garbage outside the
 * JavaScript heap until a collection (24 products created in a row left up to 20 MB more resident:
 * bench/memory.bench.ts).
 */
export class SortOrder {
  private order = new Int32Array(0)
  private rank = new Int32Array(0)
  private length = 0
  /** A view of the order's first `length` elements, made once a merge rather than once a search. */
  private view = this.order.subarray(0, 0)

  /** The live slots in order (valid until the next merge). */
  get slots(): Int32Array {
    return this.view
  }

  /** Each live slot's position in `slots`, by slot number (a dead slot's entry means nothing). */
  get ranks(): Int32Array {
    return this.rank
  }

  /**
   * Drops the slots no longer alive and inserts `fresh` (alive, sorted by `compare`), each at the place a
   * binary search finds, so a product's change costs a few comparisons and one pass over the order, not
   * a comparison per product. `slotCount` bounds every slot number.
   */
  merge(
    fresh: Int32Array,
    alive: (slot: number) => boolean,
    compare: (a: number, b: number) => number,
    slotCount: number,
  ): void {
    // Ranks change from the first position that moved: the first dead slot's, or the first insertion's.
    let kept = 0
    let changedFrom = -1
    for (let i = 0; i < this.length; i++) {
      const slot = this.order[i]!
      if (alive(slot)) this.order[kept++] = slot
      else if (changedFrom < 0) changedFrom = kept
    }
    if (changedFrom < 0) changedFrom = kept
    this.order = withRoom(this.order, kept, kept + fresh.length)
    // From the largest new slot down: each kept slot moves once, right past the new slots before it.
    let end = kept
    for (let j = fresh.length - 1; j >= 0; j--) {
      const place = upperBound(this.order, fresh[j]!, end, compare)
      this.order.copyWithin(place + j + 1, place, end)
      this.order[place + j] = fresh[j]!
      end = place
      changedFrom = Math.min(changedFrom, place + j)
    }
    this.length = kept + fresh.length
    this.view = this.order.subarray(0, this.length)
    this.rank = withRoom(this.rank, this.rank.length, slotCount)
    for (let p = changedFrom; p < this.length; p++) this.rank[this.order[p]!] = p
  }
}

/** `array` when it holds `needed` elements, else a larger copy of its first `used` with room to grow. */
function withRoom(array: Int32Array<ArrayBuffer>, used: number, needed: number): Int32Array<ArrayBuffer> {
  if (needed <= array.length) return array
  const grown = new Int32Array(needed + Math.max(1_024, needed >> 4))
  grown.set(array.subarray(0, used))
  return grown
}

/** The first position below `end` whose slot sorts after `slot` (a binary search). */
function upperBound(order: Int32Array, slot: number, end: number, compare: (a: number, b: number) => number) {
  let low = 0
  let high = end
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compare(order[middle]!, slot) <= 0) low = middle + 1
    else high = middle
  }
  return low
}
