import { NumberList } from './number-list'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * Texts of numbered rows (0, 1, 2 … in the order pushed) as UTF-8 in one buffer, off the JavaScript heap,
 * compared and searched byte by byte: UTF-8's byte order is code point order, PostgreSQL's C collation.
 * A string a row was ~60 bytes of the catalogue's heap, for each of 100,000 product names and their
 * lower-cased copies.
 */
export class TextColumn {
  private bytes = new Uint8Array(1024)
  /** Where each row's text starts; the next row's start (or `used`) is where it ends. */
  private readonly starts = new NumberList((n) => new Int32Array(n))
  private used = 0

  get length(): number {
    return this.starts.length
  }

  push(text: string): void {
    // A UTF-8 character is at most three bytes a UTF-16 unit.
    const room = this.used + 3 * text.length
    if (room > this.bytes.length) {
      const grown = new Uint8Array(Math.max(room, 2 * this.bytes.length))
      grown.set(this.bytes.subarray(0, this.used))
      this.bytes = grown
    }
    this.starts.push(this.used)
    this.used += encoder.encodeInto(text, this.bytes.subarray(this.used)).written
  }

  at(row: number): string {
    return decoder.decode(this.bytes.subarray(this.starts.array[row]!, this.end(row)))
  }

  /** How many UTF-8 bytes a row's text takes. */
  byteLength(row: number): number {
    return this.end(row) - this.starts.array[row]!
  }

  /**
   * A row's text as character codes written into `out` (at least byteLength long) when it is all ASCII
   * (one byte a character), returning how many; -1, and `out` undefined, when it is not.
   */
  asciiUnits(row: number, out: Int32Array): number {
    const { bytes } = this
    const start = this.starts.array[row]!
    const end = this.end(row)
    for (let i = start; i < end; i++) {
      const byte = bytes[i]!
      if (byte >= 0x80) return -1
      out[i - start] = byte
    }
    return end - start
  }

  /** The order of two rows' texts by code point. */
  compare(a: number, b: number): number {
    const { bytes } = this
    let i = this.starts.array[a]!
    let j = this.starts.array[b]!
    const endA = this.end(a)
    const endB = this.end(b)
    for (; i < endA && j < endB; i++, j++) if (bytes[i] !== bytes[j]) return bytes[i]! - bytes[j]!
    return endA - i - (endB - j)
  }

  /** Whether a row's text contains `needle` (UTF-8; a match of bytes is a match of characters). */
  includes(row: number, needle: Uint8Array): boolean {
    const { bytes } = this
    const m = needle.length
    if (m === 0) return true
    const first = needle[0]!
    const last = this.end(row) - m
    next: for (let i = this.starts.array[row]!; i <= last; i++) {
      if (bytes[i] !== first) continue
      for (let j = 1; j < m; j++) if (bytes[i + j] !== needle[j]) continue next
      return true
    }
    return false
  }

  private end(row: number): number {
    return row + 1 < this.starts.length ? this.starts.array[row + 1]! : this.used
  }
}
