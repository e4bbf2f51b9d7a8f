/** A growable list of 32-bit integers: half the memory of a number[] and no boxing. */
export class IntList {
  private data: Int32Array
  length = 0

  constructor(capacity = 4) {
    this.data = new Int32Array(Math.max(1, capacity))
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
}
