import { Buffer } from 'node:buffer'

const EMPTY = -1
const REMOVED = -2

/**
 * The UUIDs of numbered slots (0, 1, 2 … in the order added) and the slot of each UUID still held: 16
 * bytes a UUID and a hash table of slot numbers, off the JavaScript heap. As strings in an array and a
 * Map they were ~100 bytes a product of the catalogue's heap (bench/memory.bench.ts, 100,000 products).
 */
export class UuidSlots {
  /** Four 32-bit words a slot, most significant first. */
  private words = new Uint32Array(64)
  private count = 0
  /** Open addressing: a slot number, EMPTY, or REMOVED (a key deleted: probing goes on past it). */
  private table = new Int32Array(16).fill(EMPTY)
  private held = 0
  private removed = 0
  /** Where idAt spells a UUID (the dashes stay put). */
  private readonly text = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1')

  /** How many UUIDs map to a slot (added and not deleted). */
  get size(): number {
    return this.held
  }

  /** How many slots were ever added. */
  get slots(): number {
    return this.count
  }

  /** A new slot for `id`, which from now on maps to it (a slot it mapped to before keeps its UUID). */
  add(id: string): number {
    const slot = this.count
    // Room for this slot and one more: slotOf parses the UUID it looks up past the last slot.
    if (4 * (slot + 2) > this.words.length) {
      const grown = new Uint32Array(this.words.length * 2)
      grown.set(this.words)
      this.words = grown
    }
    if (!parseInto(id, this.words, 4 * slot)) throw new Error(`not a UUID: ${id}`)
    this.count++
    // A UUID held already moves to the new slot in its place in the table.
    const held = this.probe(4 * slot)
    if (this.table[held]! >= 0) {
      this.table[held] = slot
      return slot
    }
    if (2 * (this.held + this.removed + 1) > this.table.length) this.rehash()
    this.table[this.probe(4 * slot)] = slot
    this.held++
    return slot
  }

  /** The slot `id` maps to, or -1. */
  slotOf(id: string): number {
    if (!parseInto(id, this.words, 4 * this.count)) return -1
    const at = this.probe(4 * this.count)
    return this.table[at]!
  }

  /** Forgets the mapping of `id` (its slot keeps its UUID); false when it had none. */
  delete(id: string): boolean {
    const slot = this.slotOf(id)
    if (slot < 0) return false
    this.table[this.find(slot)] = REMOVED
    this.held--
    this.removed++
    return true
  }

  /**
   * The UUID of a slot, lower-case as PostgreSQL writes it: spelt into a buffer (number-to-text and
   * string slicing took 2 µs an id, a search answers 24).
   */
  idAt(slot: number): string {
    const text = this.text
    let at = 0
    for (let i = 0; i < 4; i++) {
      const word = this.words[4 * slot + i]!
      for (let shift = 28; shift >= 0; shift -= 4) {
        if (at === 8 || at === 13 || at === 18 || at === 23) at++
        text[at++] = HEX_DIGITS[(word >>> shift) & 0xf]!
      }
    }
    return text.toString('latin1', 0, 36)
  }

  /** The order of two slots' UUIDs as their lower-case texts compare. */
  compare(a: number, b: number): number {
    for (let i = 0; i < 4; i++) {
      const x = this.words[4 * a + i]!
      const y = this.words[4 * b + i]!
      if (x !== y) return x < y ? -1 : 1
    }
    return 0
  }

  /** The table position holding the UUID at words[at…at+3], or the empty position where it would go. */
  private probe(at: number): number {
    const { words, table } = this
    const mask = table.length - 1
    let i = hashOf(words, at) & mask
    for (;;) {
      const slot = table[i]!
      if (slot === EMPTY) return i
      if (
        slot >= 0 &&
        words[4 * slot] === words[at] &&
        words[4 * slot + 1] === words[at + 1] &&
        words[4 * slot + 2] === words[at + 2] &&
        words[4 * slot + 3] === words[at + 3]
      )
        return i
      i = (i + 1) & mask
    }
  }

  /** The table position holding `slot`. */
  private find(slot: number): number {
    const mask = this.table.length - 1
    let i = hashOf(this.words, 4 * slot) & mask
    while (this.table[i] !== slot) i = (i + 1) & mask
    return i
  }

  /** A table twice the live entries at least, without the deleted ones. */
  private rehash(): void {
    const old = this.table
    let size = 16
    while (size < 4 * (this.held + 1)) size *= 2
    this.table = new Int32Array(size).fill(EMPTY)
    this.removed = 0
    for (const slot of old) if (slot >= 0) this.table[this.probe(4 * slot)] = slot
  }
}

const HEX_DIGITS = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0))

/** Each character's hex digit value (either case), -1 for any other; the index is a UTF-16 code unit below 128. */
const HEX_VALUE = Int8Array.from({ length: 128 }, (_, c) =>
  '0123456789abcdef'.indexOf(String.fromCharCode(c).toLowerCase()),
)

/**
 * Writes a UUID's four words at words[at…]; false (words undefined) when `id` is not a UUID
 * (8-4-4-4-12 hex digits, any case). Read a character at a time: a RegExp test and string slices per id
 * were a tenth of the search index's build at a restart (bench/search-index-build.bench.ts).
 */
function parseInto(id: string, words: Uint32Array, at: number): boolean {
  if (id.length !== 36) return false
  let word = 0
  let digits = 0
  for (let i = 0; i < 36; i++) {
    const c = id.charCodeAt(i)
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 45) return false
      continue
    }
    const value = c < 128 ? HEX_VALUE[c]! : -1
    if (value < 0) return false
    word = (word << 4) | value
    if (++digits % 8 === 0) {
      words[at + digits / 8 - 1] = word >>> 0
      word = 0
    }
  }
  return true
}

function hashOf(words: Uint32Array, at: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < 4; i++) h = Math.imul(h ^ words[at + i]!, 0x01000193) ^ (h >>> 15)
  return h >>> 0
}
