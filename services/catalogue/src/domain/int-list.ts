/** A growable list of 32-bit integers: half the memory of a number[] and no boxing. */
export class IntList {
  private data: Int32Array
  length = 0

  constructor(capacity = 4) {
    this.data = new Int32Array(Math.max(1, capacity))
  }

  /**
   * An empty list filling `room` (a slice of a larger buffer, whose other slices are other lists): a push
   * beyond it moves the list to a buffer of its own.
   */
  static over(room: Int32Array): IntList {
    const list = new IntList(1)
    list.data = room
    return list
  }

  static from(values: ArrayLike<number>): IntList {
    const list = new IntList(values.length)
    list.data.set(values)
    list.length = values.length
    return list
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(Math.max(4, this.data.length * 2))
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.length++] = value
  }

  at(i: number): number {
    return this.data[i]!
  }

  /** The live part, without copying (valid until the next push). */
  view(): Int32Array {
    return this.data.subarray(0, this.length)
  }
}
