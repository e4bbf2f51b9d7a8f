import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  Button,
  ErrorState,
  LoadingState,
  Modal,
  Pager,
  Price,
  SelectField,
  TextField,
  Toaster,
  useLanguageStore,
} from '../src/index.ts'
import { StarRating, TaxInvoice } from '../src/later.ts'

afterEach(cleanup)

function Paged({ count }: { count: number }) {
  const [page, setPage] = useState(1)
  return <Pager page={page} pageCount={count} onPageChange={setPage} />
}

describe('Pager', () => {
  it('moves with numbers, Previous and Next, and marks the current page', () => {
    render(<Paged count={10} />)
    const previous = screen.getByRole('button', { name: 'Previous' })
    expect(previous).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page')
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page')
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }))
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(screen.getByRole('button', { name: 'Page 9' }).getAttribute('aria-current')).toBe('page')
  })

  it('is not shown for a single page', () => {
    render(<Paged count={1} />)
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})

function ModalOpener() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal open={open} title="Order Details" onClose={() => setOpen(false)}>
        <p>Body</p>
      </Modal>
    </>
  )
}

describe('Modal', () => {
  it('is a labelled dialog that closes on Escape, the × button and the backdrop', () => {
    const onClose = vi.fn()
    render(
      <Modal open title="Order Details" onClose={onClose} footer={<Button>Save</Button>}>
        <p>Body</p>
      </Modal>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Order Details' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(dialog)
    fireEvent.keyDown(document, { key: 'Escape' })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent.mouseDown(dialog.parentElement as HTMLElement)
    fireEvent.mouseDown(dialog) // inside: not a backdrop click
    expect(onClose).toHaveBeenCalledTimes(3)
  })

  it('gives focus back to what had it when it closes', () => {
    render(<ModalOpener />)
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    fireEvent.click(opener)
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Order Details' }))
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('renders nothing when closed', () => {
    render(
      <Modal open={false} title="Hidden" onClose={() => {}}>
        x
      </Modal>,
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('StarRating', () => {
  it('shows the rounded value read-only', () => {
    render(<StarRating value={3.6} />)
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy()
  })

  it('is a radio group when clickable', () => {
    const onChange = vi.fn()
    render(<StarRating value={0} onChange={onChange} label="Your rating" />)
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }))
    expect(onChange).toHaveBeenCalledWith(4)
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeTruthy()
  })
})

describe('fields', () => {
  it('links the error message to the field and marks it invalid', () => {
    render(<TextField label="Email" error="Email is required" />)
    const input = screen.getByLabelText('Email')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const described = document.getElementById(input.getAttribute('aria-describedby') ?? '')
    expect(described?.textContent).toBe('Email is required')
  })

  it('select offers its options', () => {
    render(
      <SelectField
        label="Status"
        options={[
          { value: 'pending', label: 'pending' },
          { value: 'shipped', label: 'shipped' },
        ]}
      />,
    )
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['pending', 'shipped'])
  })
})

describe('states, price and toasts', () => {
  it("says 'Loading...' and 'Error: {message}'", () => {
    const retry = vi.fn()
    render(
      <>
        <LoadingState />
        <ErrorState message="Failed to fetch products." onRetry={retry} />
        <Price amount={123456.5} />
      </>,
    )
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    expect(screen.getByRole('alert').textContent).toContain('Error: Failed to fetch products.')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalled()
    expect(screen.getByText('₹1,23,456.50')).toBeTruthy()
  })

  it('announces successes politely and errors assertively, and can be dismissed', () => {
    const onDismiss = vi.fn()
    render(
      <Toaster
        toasts={[
          { id: 1, type: 'success', message: 'Log Out Successful' },
          { id: 2, type: 'error', message: 'Failed to add to cart.', description: 'Try again' },
        ]}
        onDismiss={onDismiss}
      />,
    )
    expect(screen.getByRole('status').textContent).toContain('Log Out Successful')
    expect(screen.getByRole('alert').textContent).toContain('Failed to add to cart.')
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive')
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[1] as HTMLElement)
    expect(onDismiss).toHaveBeenCalledWith(2)
  })

  it('shows an info notice politely, marked as info rather than success', () => {
    const { container } = render(
      <Toaster
        toasts={[{ id: 3, type: 'info', message: 'Please sign in to add this to your cart.' }]}
        onDismiss={vi.fn()}
      />,
    )
    expect(screen.getByRole('status').textContent).toContain('Please sign in to add this to your cart.')
    expect(container.querySelector('[data-toast="info"]')).not.toBeNull()
    expect(container.querySelector('[data-toast="success"]')).toBeNull()
  })
})

describe('TaxInvoice', () => {
  it('says when the invoice comes before the order ships, and shows nothing for a cancelled order', () => {
    const load = vi.fn()
    const { container, rerender } = render(<TaxInvoice status="processing" load={load} />)
    expect(screen.getByText('The GST tax invoice can be downloaded here once the order ships.')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    rerender(<TaxInvoice status="cancelled" load={load} />)
    expect(container.textContent).toBe('')
    expect(load).not.toHaveBeenCalled()
  })

  it('downloads the shipped order’s PDF under the name it comes with, busy meanwhile', async () => {
    let arrive: (file: File) => void = () => {}
    const load = vi.fn(() => new Promise<File>((resolve) => (arrive = resolve)))
    const saved: { href: string; download: string }[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download })
    })
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice')
    render(<TaxInvoice status="delivered" load={load} />)
    fireEvent.click(screen.getByRole('button', { name: 'Download tax invoice (PDF)' }))
    const busy = await screen.findByRole('button', { name: 'Preparing the invoice...' })
    expect(busy).toHaveProperty('disabled', true)
    arrive(new File(['%PDF-'], 'MS-2026-27-000123.pdf', { type: 'application/pdf' }))
    await screen.findByRole('button', { name: 'Download tax invoice (PDF)' })
    expect(load).toHaveBeenCalledTimes(1)
    expect(saved).toEqual([{ href: 'blob:invoice', download: 'MS-2026-27-000123.pdf' }])
    click.mockRestore()
    objectUrl.mockRestore()
  })

  it('speaks Hindi when the page does', async () => {
    useLanguageStore.getState().setLanguage('hi')
    try {
      const { rerender } = render(<TaxInvoice status="shipped" load={vi.fn()} />)
      await screen.findByRole('button', { name: 'टैक्स इनवॉइस डाउनलोड करें (PDF)' })
      rerender(<TaxInvoice status="pending" load={vi.fn()} />)
      expect(screen.getByText('ऑर्डर भेजे जाने के बाद GST टैक्स इनवॉइस यहाँ से डाउनलोड किया जा सकेगा।')).toBeTruthy()
    } finally {
      useLanguageStore.getState().setLanguage('en')
    }
  })

  it('says why a download failed, and lets the customer try again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('The order service is unavailable right now.'))
    render(<TaxInvoice status="shipped" load={load} />)
    fireEvent.click(screen.getByRole('button', { name: 'Download tax invoice (PDF)' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not download the invoice. The order service is unavailable right now.',
    )
    expect(screen.getByRole('button', { name: 'Download tax invoice (PDF)' })).toHaveProperty(
      'disabled',
      false,
    )
  })
})
