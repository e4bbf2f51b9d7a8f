/**
 * The answers to the last `capacity` questions, the least recently asked dropped first. Whoever owns it
 * clears it when what the answers were computed from changes.
 */
export class RecentAnswers<V> {
  private readonly answers = new Map<string, V>()

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.answers.size
  }

  /** The remembered answer to `question`, computing and remembering it when there is none. */
  answer(question: string, compute: () => V): V {
    const known = this.answers.get(question)
    if (known !== undefined) {
      // Asked again: now the most recent (a Map iterates in insertion order).
      this.answers.delete(question)
      this.answers.set(question, known)
      return known
    }
    const fresh = compute()
    if (this.answers.size >= this.capacity) this.answers.delete(this.answers.keys().next().value as string)
    this.answers.set(question, fresh)
    return fresh
  }

  clear(): void {
    this.answers.clear()
  }
}
