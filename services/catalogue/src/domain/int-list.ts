/** A growable list of 32-bit integers: half the memory of a number[] and no boxing. */
export class IntList {
  private data: Int32Array
  length = 0

  constructor(capacity = 4) {
    this.data = new Int32Array(Math.max(1, capacity))
  }

  static from(values: ArrayLike<number>): IntList {
    const list = new IntList(values.length)
    list.data.set(values)
    list.length = values.length
    return list
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2)
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.length++] = value
  }

  at(i: number): number {
    return this.data[i]!
  }

  /** Gives back the room kept for growth (a list that is complete, e.g. after a bulk load). */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, Math.max(1, this.length))
  }

  /** The live part, without copying (valid until the next push). */
  view(): Int32Array {
    return this.data.subarray(0, this.length)
  }
}
