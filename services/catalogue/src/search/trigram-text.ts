import { IntNumbering } from './int-table'
import { PostingList } from './posting-list'
import { TextColumn } from './text-column'

/**
 * The three-letter runs of a lower-cased text as small integers, the substring index's keys: ten bits of
 * each UTF-16 unit, so a key is a small integer (no string per trigram). Units past 0x3ff share their
 * ten bits with others (Devanagari's with Latin Extended), which only lengthens a posting list: every
 * candidate is checked against the text itself.
 */
const trigramKey = (a: number, b: number, c: number) =>
  ((a & 0x3ff) << 20) | ((b & 0x3ff) << 10) | (c & 0x3ff)

/**
 * The distinct trigram keys of a text, ascending, written into `out` (its length at least the text's);
 * returns how many. Sorting a few dozen integers in place leaves no garbage, where a Set of string
 * slices per text was a sixth of a restart's CPU and most of its garbage (bench/PROFILE.md, issue 35).
 */
export function trigramKeysOf(text: string, out: Int32Array): number {
  let n = 0
  for (let i = 0; i + 3 <= text.length; i++)
    out[n++] = trigramKey(text.charCodeAt(i), text.charCodeAt(i + 1), text.charCodeAt(i + 2))
  return dedupe(out, n)
}

/**
 * Sorts out[0…n) and keeps one of each value at the front; returns how many. An insertion sort: a text
 * has a few dozen trigrams, and a sorted subarray was an object per text.
 */
function dedupe(out: Int32Array, n: number): number {
  if (n < 2) return n
  for (let i = 1; i < n; i++) {
    const value = out[i]!
    let j = i - 1
    for (; j >= 0 && out[j]! > value; j--) out[j + 1] = out[j]!
    out[j + 1] = value
  }
  let kept = 1
  for (let i = 1; i < n; i++) if (out[i] !== out[kept - 1]) out[kept++] = out[i]!
  return kept
}

/**
 * One lower-cased text per slot of the search index (a name, or the salts and key ingredients) as UTF-8
 * off the heap, with a trigram index of them: the slots that may contain a search of three letters or more
 * are those on the shortest posting list of its trigrams, each then checked byte by byte.
 */
export class TrigramText {
  private readonly texts = new TextColumn()
  private grams = new Map<number, PostingList>()
  /** A text's trigram keys (grown to the longest text seen). */
  private keys = new Int32Array(256)
  /** The decoded posting list of a near-match search (searches run one at a time). */
  private decoded = new Int32Array(0)
  /** A search's candidates, decoded a chunk at a time. */
  private readonly chunk = new Int32Array(1024)

  /** How many slots it holds texts for. */
  get length(): number {
    return this.texts.length
  }

  /** The next slot's text (lower-cased); `indexed: false` while bulk loading, which indexAll finishes. */
  push(lower: string, indexed = true): void {
    const slot = this.texts.length
    this.texts.push(lower)
    if (!indexed) return
    const keys = this.keysOf(lower)
    for (const key of keys) {
      const list = this.grams.get(key) ?? new PostingList()
      if (list.length === 0) this.grams.set(key, list)
      list.push(slot)
    }
  }

  at(slot: number): string {
    return this.texts.at(slot)
  }

  includes(slot: number, needle: Uint8Array): boolean {
    return this.texts.includes(slot, needle)
  }

  /**
   * The posting lists of these slots (ascending, live or not, none indexed yet), as views of one exactly
   * sized buffer: sized first, then filled (grown list by list, the buffers left behind by doubling stayed
   * resident in malloc's heap: bench/memory.bench.ts). Each text's keys are read from its UTF-8 bytes in
   * both passes (the ASCII ones without decoding them to a string).
   */
  indexAll(slots: number[]): void {
    // Per trigram: its list's number; per list: its size in bytes and the last slot sized.
    const listOf = new IntNumbering()
    let bytes: Int32Array = new Int32Array(4096)
    let last: Int32Array = new Int32Array(4096).fill(-1)
    for (const slot of slots) {
      const n = this.keysAt(slot)
      for (let k = 0; k < n; k++) {
        const list = listOf.numberOf(this.keys[k]!)
        if (list === bytes.length) {
          bytes = grown(bytes, 0)
          last = grown(last, -1)
        }
        bytes[list] = bytes[list]! + PostingList.bytesOfGap(slot - last[list]!)
        last[list] = slot
      }
    }
    const lists = listOf.size
    let total = 0
    for (let list = 0; list < lists; list++) total += bytes[list]!
    const postings = new Uint8Array(total)
    const filled: PostingList[] = []
    let start = 0
    for (let list = 0; list < lists; list++) {
      filled.push(PostingList.over(postings.subarray(start, start + bytes[list]!)))
      start += bytes[list]!
    }
    for (const slot of slots) {
      const n = this.keysAt(slot)
      for (let k = 0; k < n; k++) filled[listOf.numberOf(this.keys[k]!)]!.push(slot)
    }
    const grams = new Map<number, PostingList>()
    for (const [key, list] of listOf.entries()) grams.set(key, filled[list]!)
    this.grams = grams
  }

  /** How many slots a search for `q` looks at: its shortest posting list, or every slot under three letters. */
  reach(q: string): number {
    return q.length >= 3 ? (this.shortestList(q)?.length ?? 0) : this.length
  }

  /**
   * Up to `max` slots, ascending, that `matches` accepts among those whose text may contain `q`. `matches`
   * decides what a match is (the text's bytes, the category, whether the slot is alive).
   */
  collect(q: string, matches: (slot: number) => boolean, max: number): number[] {
    const found: number[] = []
    if (max <= 0) return found
    if (q.length < 3) {
      for (let slot = 0; slot < this.length && found.length < max; slot++) if (matches(slot)) found.push(slot)
      return found
    }
    const reader = this.shortestList(q)?.reader()
    if (!reader) return found
    const chunk = this.chunk
    for (let n = reader.read(chunk); n > 0 && found.length < max; n = reader.read(chunk))
      for (let i = 0; i < n && found.length < max; i++) if (matches(chunk[i]!)) found.push(chunk[i]!)
    return found
  }

  /**
   * The slots whose text may contain `q` (three letters or more), ascending, valid until the next call;
   * undefined for a shorter `q` (every slot may).
   */
  candidates(q: string): Int32Array | undefined {
    if (q.length < 3) return undefined
    const shortest = this.shortestList(q)
    if (!shortest) return new Int32Array(0)
    if (this.decoded.length < shortest.length)
      this.decoded = new Int32Array(Math.max(shortest.length, this.decoded.length * 2))
    return shortest.decodeInto(this.decoded)
  }

  /** The shortest posting list of the trigrams of `q`; none when one of them is in no text. */
  private shortestList(q: string): PostingList | undefined {
    let shortest: PostingList | undefined
    for (const key of this.keysOf(q)) {
      const list = this.grams.get(key)
      if (!list) return undefined
      if (!shortest || list.length < shortest.length) shortest = list
    }
    return shortest
  }

  /** A text's distinct trigram keys, in `keys` (valid until the next call). */
  private keysOf(text: string): Int32Array {
    if (this.keys.length < text.length) this.keys = new Int32Array(2 * text.length)
    return this.keys.subarray(0, trigramKeysOf(text, this.keys))
  }

  /** A slot's distinct trigram keys written into `keys`; returns how many. */
  private keysAt(slot: number): number {
    const n = this.texts.byteLength(slot)
    if (this.keys.length < n) this.keys = new Int32Array(2 * n)
    const ascii = this.texts.asciiUnits(slot, this.keys)
    if (ascii < 0) return this.keysOf(this.texts.at(slot)).length
    // keys holds the text's units: each key replaces the unit it starts at.
    for (let i = 0; i + 3 <= ascii; i++)
      this.keys[i] = trigramKey(this.keys[i]!, this.keys[i + 1]!, this.keys[i + 2]!)
    return dedupe(this.keys, Math.max(0, ascii - 2))
  }
}

/** A copy of `array` twice as long, the new half filled with `fill`. */
function grown(array: Int32Array, fill: number): Int32Array {
  const larger = new Int32Array(array.length * 2).fill(fill)
  larger.set(array)
  return larger
}
