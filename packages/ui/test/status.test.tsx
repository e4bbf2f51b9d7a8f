// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { contrastRatio, STATUS_COLOURS, StatusBadge, statusColour } from '../src/index.ts'

describe('order status colours and badge', () => {
  it('every status colour pair reaches WCAG AA (4.5:1), confirmed, completed and unknown included', () => {
    expect(Object.keys(STATUS_COLOURS)).toEqual(
      expect.arrayContaining([
        'pending',
        'processing',
        'shipped',
        'delivered',
        'cancelled',
        'confirmed',
        'completed',
      ]),
    )
    for (const status of [...Object.keys(STATUS_COLOURS), 'unknown', 'constructor']) {
      const { background, text } = statusColour(status)
      expect(contrastRatio(background, text), status).toBeGreaterThanOrEqual(4.5)
    }
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21)
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1)
  })

  it('shows the status as text in its colours', () => {
    render(<StatusBadge status="shipped" />)
    const badge = screen.getByText('shipped')
    expect(badge.getAttribute('data-status')).toBe('shipped')
    const style = getComputedStyle(badge)
    expect(style.backgroundColor.toLowerCase()).toMatch(/#e0e7ff|rgb\(224, 231, 255\)/)
  })
})
