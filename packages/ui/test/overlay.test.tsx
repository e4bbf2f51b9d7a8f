import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Modal, nextTrapTarget, useOverlay } from '../src/index.ts'

afterEach(cleanup)

describe('nextTrapTarget', () => {
  const items = ['a', 'b', 'c']
  it('wraps at both ends and leaves moves inside to the browser', () => {
    expect(nextTrapTarget(items, 'c', false)).toBe('a')
    expect(nextTrapTarget(items, 'a', true)).toBe('c')
    expect(nextTrapTarget(items, 'a', false)).toBeUndefined()
    expect(nextTrapTarget(items, 'b', true)).toBeUndefined()
  })
  it('brings focus from outside back in, and has nothing to do with an empty list', () => {
    expect(nextTrapTarget(items, 'x', false)).toBe('a')
    expect(nextTrapTarget(items, null, true)).toBe('c')
    expect(nextTrapTarget([], 'x', false)).toBeUndefined()
  })
})

function Menu() {
  const [open, setOpen] = useState(false)
  const menu = useOverlay<HTMLDivElement>(open, () => setOpen(false))
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {open ? (
        <div ref={menu}>
          <a href="/my-orders">My Orders</a>
          <button type="button">Log Out</button>
        </div>
      ) : null}
    </div>
  )
}

const tab = (shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey })

describe('useOverlay', () => {
  it('moves focus in, keeps Tab inside, closes on Escape and gives focus back to the opener', () => {
    render(<Menu />)
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    fireEvent.click(opener)
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'My Orders' }))
    screen.getByRole('button', { name: 'Log Out' }).focus()
    tab()
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'My Orders' }))
    tab(true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Log Out' }))
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(screen.queryByRole('link', { name: 'My Orders' })).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes on a press outside', () => {
    render(<Menu />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(screen.queryByRole('link', { name: 'My Orders' })).toBeNull()
  })

  it('keeps the focus of a Modal inside it, the dialog itself first', () => {
    render(
      <Modal open title="Edit product" onClose={() => {}}>
        <button type="button">Save</button>
      </Modal>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Edit product' })
    expect(document.activeElement).toBe(dialog)
    screen.getByRole('button', { name: 'Save' }).focus()
    tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
  })
})
