/**
 * The event seam: every event a service consumes is one the contracts describe (so its producer
 * publishes it with that schema), and every version a producer may publish is one the consumer
 * understands. A producer moving to a new version before its consumers learn it fails here, not in
 * production (where the consumer would park the events in its dead-letter queue).
 */

import { type EventType, eventSchemas, eventVersions } from '@medstore/contracts/events'
import { on, understoodVersions } from '@medstore/service-kit'
import { describe, expect, it } from 'vitest'
import { consumers } from './consumers'

const isEventType = (type: string): type is EventType => Object.hasOwn(eventSchemas, type)

describe.each(Object.entries(consumers))('the %s service consumes', (_service, handlers) => {
  it('only events the contracts describe', () => {
    const types = Object.keys(handlers)
    expect(types.length).toBeGreaterThan(0)
    expect(types.filter((type) => !isEventType(type))).toEqual([])
  })

  it('every version its producers may publish', () => {
    const missing = Object.entries(handlers).flatMap(([type, entry]) =>
      isEventType(type)
        ? eventVersions[type]
            .filter((version) => !understoodVersions(entry).includes(version))
            .map((version) => `${type} v${version}`)
        : [],
    )
    expect(missing).toEqual([])
  })
})

describe('the event contracts', () => {
  it('give every event type at least one published version', () => {
    for (const type of Object.keys(eventSchemas) as EventType[]) {
      expect(eventVersions[type].length, type).toBeGreaterThan(0)
    }
  })

  it('catch a producer that is ahead of a consumer', () => {
    // The check above, on a consumer that knows only version 1 of an event published as 1 and 2.
    const plain = on('order.created', async () => {})
    const versioned = on('order.created', async () => {}, { versions: [1, 2] })
    expect([1, 2].every((version) => understoodVersions(plain).includes(version))).toBe(false)
    expect([1, 2].every((version) => understoodVersions(versioned).includes(version))).toBe(true)
  })
})
