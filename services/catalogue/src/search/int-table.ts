/**
 * A hash table of non-negative 31-bit integers to the numbers 0, 1, 2 … in the order first seen, in typed
 * arrays (open addressing). The search index's build looks up every trigram of every text twice: a Map
 * of numbers was a third of that build's CPU (bench/search-index-build.bench.ts).
 */
export class IntNumbering {
  private keys = new Int32Array(1 << 12).fill(-1)
  private numbers = new Int32Array(1 << 12)
  /** How many keys it numbered. */
  size = 0

  /** The key's number, a new one (the next) for a key not seen before. */
  numberOf(key: number): number {
    const at = this.find(key)
    if (this.keys[at] === key) return this.numbers[at]!
    if (2 * (this.size + 1) > this.keys.length) {
      this.grow()
      return this.numberOf(key)
    }
    this.keys[at] = key
    this.numbers[at] = this.size
    return this.size++
  }

  /** Each key with its number. */
  *entries(): Generator<[key: number, number: number]> {
    for (let at = 0; at < this.keys.length; at++)
      if (this.keys[at]! >= 0) yield [this.keys[at]!, this.numbers[at]!]
  }

  /** The position holding `key`, or the empty one where it would go. */
  private find(key: number): number {
    const mask = this.keys.length - 1
    let at = Math.imul(key, 0x9e3779b1) >>> 0
    at = (at ^ (at >>> 15)) & mask
    while (this.keys[at] !== -1 && this.keys[at] !== key) at = (at + 1) & mask
    return at
  }

  private grow(): void {
    const { keys, numbers } = this
    this.keys = new Int32Array(keys.length * 2).fill(-1)
    this.numbers = new Int32Array(keys.length * 2)
    for (let at = 0; at < keys.length; at++)
      if (keys[at]! >= 0) {
        const to = this.find(keys[at]!)
        this.keys[to] = keys[at]!
        this.numbers[to] = numbers[at]!
      }
  }
}
