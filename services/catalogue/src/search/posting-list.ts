/**
 * An ascending list of non-negative integers kept as the gaps between them, seven bits a byte (a set high
 * bit: more bytes follow). The trigram index's posting lists are dense, so most gaps take one byte, not
 * the four of an Int32Array: 3.2 million postings of 100,000 product names took 12.7 MB as Int32Arrays.
 */
export class PostingList {
  private bytes: Uint8Array
  private used = 0
  private last = -1
  /** How many integers it holds. */
  length = 0

  constructor(capacity = 8) {
    this.bytes = new Uint8Array(Math.max(1, capacity))
  }

  /**
   * An empty list filling `room` (a slice of a larger buffer, whose other slices are other lists): a push
   * beyond it moves the list to a buffer of its own.
   */
  static over(room: Uint8Array): PostingList {
    const list = new PostingList(1)
    list.bytes = room
    return list
  }

  /** The bytes a push takes `gap` above the last value (the first value's gap is from -1), for sizing. */
  static bytesOfGap(gap: number): number {
    let n = 1
    for (let rest = gap; rest >= 0x80; rest >>>= 7) n++
    return n
  }

  /** Adds `value`, which must be greater than every value held. */
  push(value: number): void {
    if (value <= this.last) throw new Error(`posting ${value} after ${this.last}`)
    let gap = value - this.last
    const need = this.used + PostingList.bytesOfGap(gap)
    if (need > this.bytes.length) {
      const grown = new Uint8Array(Math.max(need, 8, this.bytes.length * 2))
      grown.set(this.bytes.subarray(0, this.used))
      this.bytes = grown
    }
    while (gap >= 0x80) {
      this.bytes[this.used++] = (gap & 0x7f) | 0x80
      gap >>>= 7
    }
    this.bytes[this.used++] = gap
    this.last = value
    this.length++
  }

  /** The integers, written into `out` (at least `length` long); returns the part written. */
  decodeInto(out: Int32Array): Int32Array {
    return out.subarray(0, this.reader().read(out))
  }

  /** The integers a chunk at a time, valid until the next push. */
  reader(): PostingReader {
    return new PostingReader(this.bytes, this.used)
  }
}

/** Decodes a posting list a chunk at a time: a search that stops at its count cap decodes no further. */
export class PostingReader {
  private at = 0
  private value = -1

  constructor(
    private readonly bytes: Uint8Array,
    private readonly used: number,
  ) {}

  /** Writes the next integers into `out`, as many as fit; returns how many (0: none left). */
  read(out: Int32Array): number {
    const { bytes, used } = this
    let { at, value } = this
    let n = 0
    while (n < out.length && at < used) {
      let gap = 0
      let shift = 0
      let byte: number
      do {
        byte = bytes[at++]!
        gap |= (byte & 0x7f) << shift
        shift += 7
      } while (byte & 0x80)
      value += gap
      out[n++] = value
    }
    this.at = at
    this.value = value
    return n
  }
}
