type NumberArray = Int32Array | Float64Array | Uint8Array

/**
 * A growable list of numbers in a typed array, off the JavaScript heap: a number[] of 100,000 products
 * was 0.87 MB of the catalogue's heap per column, more while it grew.
 */
export class NumberList<A extends NumberArray> {
  private data: A
  length = 0

  /** `make`: a zeroed typed array of n elements (its type bounds what the list holds). */
  constructor(
    private readonly make: (n: number) => A,
    capacity = 4,
  ) {
    this.data = make(Math.max(1, capacity))
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = this.make(Math.max(4, this.data.length * 2))
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.length++] = value
  }

  at(i: number): number {
    return this.data[i]!
  }

  /**
   * The typed array under the list (longer than `length`), valid until the next push: a loop over many
   * elements reads it directly, since \`at\` serves lists of every element type and is slower for it.
   */
  get array(): A {
    return this.data
  }

  set(i: number, value: number): void {
    this.data[i] = value
  }
}
