import { describe, expect, it } from 'vitest'
import { PostingList } from '../../src/search/posting-list'
import { TextColumn } from '../../src/search/text-column'
import { UuidSlots } from '../../src/search/uuid-slots'

const uuid = (n: number) =>
  `${n.toString(16).padStart(8, '0')}-00ff-4a9b-8c0d-${(n * 7919).toString(16).padStart(12, '0')}`

describe('UUID slots', () => {
  it('numbers UUIDs in the order added and finds the slot of each, lower-case', () => {
    const slots = new UuidSlots()
    const ids = Array.from({ length: 5_000 }, (_, n) => uuid(n * 104_729))
    expect(ids.map((id) => slots.add(id))).toEqual(ids.map((_, n) => n))
    expect(slots.size).toBe(5_000)
    expect(ids.every((id, n) => slots.slotOf(id) === n && slots.idAt(n) === id)).toBe(true)
    expect(slots.slotOf('FFFFFFFF-00FF-4A9B-8C0D-000000000000')).toBe(-1)
    expect(slots.slotOf(ids[42]!.toUpperCase())).toBe(42)
    expect(slots.slotOf('not a uuid')).toBe(-1)
    expect(() => slots.add('not a uuid')).toThrow()
    // Near misses: a dash out of place, a letter past f, one digit short or long, a non-ASCII digit.
    for (const bad of [
      '0000000-00000-4000-8000-000000000000',
      'g0000000-0000-4000-8000-000000000000',
      '00000000-0000-4000-8000-00000000000',
      '00000000-0000-4000-8000-0000000000000',
      '00000000-0000-4000-8000-00000000000١',
    ]) {
      expect(slots.slotOf(bad)).toBe(-1)
      expect(() => slots.add(bad)).toThrow()
    }
    expect(slots.size).toBe(5_000)
  })

  it('moves a UUID added again to its new slot, forgets deleted ones, and keeps every slot spelt', () => {
    const slots = new UuidSlots()
    for (let n = 0; n < 100; n++) slots.add(uuid(n))
    for (let n = 0; n < 100; n += 2) expect(slots.delete(uuid(n))).toBe(true)
    expect(slots.delete(uuid(0))).toBe(false)
    expect(slots.add(uuid(1))).toBe(100)
    expect(slots.size).toBe(50)
    expect(slots.slots).toBe(101)
    expect(slots.slotOf(uuid(0))).toBe(-1)
    expect(slots.slotOf(uuid(1))).toBe(100)
    expect(slots.slotOf(uuid(3))).toBe(3)
    expect(slots.idAt(0)).toBe(uuid(0))
    expect(slots.idAt(1)).toBe(uuid(1))
    // Deleted entries leave the table when it grows; the live ones are still found.
    for (let n = 1_000; n < 3_000; n++) slots.add(uuid(n))
    expect(slots.slotOf(uuid(3))).toBe(3)
    expect(slots.slotOf(uuid(2_999))).toBe(2_100)
  })

  it('orders slots as their UUID texts compare', () => {
    const slots = new UuidSlots()
    const ids = [
      'ffffffff-0000-4000-8000-000000000000',
      '0fffffff-ffff-4fff-bfff-ffffffffffff',
      uuid(9),
      uuid(10),
    ]
    for (const id of ids) slots.add(id)
    for (let a = 0; a < ids.length; a++)
      for (let b = 0; b < ids.length; b++)
        expect(Math.sign(slots.compare(a, b))).toBe(ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0)
  })
})

describe('a text column', () => {
  it('gives back each row and orders rows by code point, as the C collation does', () => {
    const texts = [
      'Paracetamol',
      'paracetamol',
      'Para',
      '',
      'Ärzte',
      'Zinc',
      'Crème',
      'Cr',
      '😀 smile',
      '\uffee',
    ]
    const column = new TextColumn()
    for (const text of [...texts, ...texts, ...texts]) column.push(text)
    expect(column.length).toBe(30)
    expect(Array.from({ length: 30 }, (_, row) => column.at(row))).toEqual([...texts, ...texts, ...texts])
    const byCodePoint = (a: string, b: string) => {
      const [x, y] = [[...a].map((c) => c.codePointAt(0)!), [...b].map((c) => c.codePointAt(0)!)]
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!
      return x.length - y.length
    }
    for (let a = 0; a < texts.length; a++)
      for (let b = 0; b < texts.length; b++)
        expect(Math.sign(column.compare(a, b + 10))).toBe(Math.sign(byCodePoint(texts[a]!, texts[b]!)))
  })
})

describe('a text column searched', () => {
  it('finds a substring where String.includes does, at any place, and only within its row', () => {
    const texts = ['paracetamol 500 mg tablet', 'crème ärzte', 'ab', 'cd', '', '😀 smile', 'mg']
    const column = new TextColumn()
    for (const text of texts) column.push(text)
    const needles = [
      '',
      'para',
      'tablet',
      't',
      'mg',
      'mg tablet',
      'ème',
      'ärz',
      'abc',
      'b',
      '😀',
      'smile',
      'gm',
      'tablets',
    ]
    for (const [row, text] of texts.entries())
      for (const needle of needles)
        expect([row, needle, column.includes(row, new TextEncoder().encode(needle))]).toEqual([
          row,
          needle,
          text.includes(needle),
        ])
  })
})

describe('a posting list', () => {
  const values = [0, 1, 2, 127, 128, 129, 16_383, 16_384, 2_000_000, 2_000_001, 2 ** 30]

  it('gives back what was pushed, small and large gaps alike', () => {
    const list = new PostingList()
    for (const value of values) list.push(value)
    expect(list.length).toBe(values.length)
    expect([...list.decodeInto(new Int32Array(values.length))]).toEqual(values)
  })

  it('reads a chunk at a time', () => {
    const list = new PostingList()
    const many = Array.from({ length: 1_000 }, (_, i) => i * 37)
    for (const value of many) list.push(value)
    const reader = list.reader()
    const chunk = new Int32Array(64)
    const read: number[] = []
    for (let n = reader.read(chunk); n > 0; n = reader.read(chunk)) read.push(...chunk.subarray(0, n))
    expect(read).toEqual(many)
  })

  it('fills an exactly sized room, then moves to a buffer of its own', () => {
    let bytes = 0
    let last = -1
    for (const value of values) {
      bytes += PostingList.bytesOfGap(value - last)
      last = value
    }
    const shared = new Uint8Array(bytes + 1).fill(0xee)
    const list = PostingList.over(shared.subarray(0, bytes))
    for (const value of values) list.push(value)
    expect(shared[bytes]).toBe(0xee) // the neighbour's room is untouched
    list.push(2 ** 31 - 1) // the largest slot an Int32Array holds
    expect(shared[bytes]).toBe(0xee)
    expect([...list.decodeInto(new Int32Array(values.length + 1))]).toEqual([...values, 2 ** 31 - 1])
  })

  it('refuses a value out of order', () => {
    const list = new PostingList()
    list.push(5)
    expect(() => list.push(5)).toThrow()
  })
})
