import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ListState, type Load, SearchFilter, useLoad } from '../src/index.ts'
import {
  type Column,
  DataTable,
  OrderFilterFields,
  type OrderFilterValues,
  type OrderRow,
  OrdersTable,
} from '../src/later.ts'

afterEach(cleanup)

/** A promise settled from the test, so the order of answers is the test's to choose. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: Error) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

describe('useLoad', () => {
  it('keeps only the newest answer when a slow first answer arrives after a second one', async () => {
    const answers = [deferred<string>(), deferred<string>()]
    let call = 0
    const { result, rerender } = renderHook(
      ({ key }) => useLoad(() => answers[call++]?.promise as Promise<string>, key),
      {
        initialProps: { key: 'first' },
      },
    )
    expect(result.current[0].status).toBe('loading')
    rerender({ key: 'second' })
    await act(async () => answers[1]?.resolve('second rows'))
    await act(async () => answers[0]?.resolve('first rows'))
    expect(result.current[0]).toEqual({ status: 'ready', data: 'second rows' })
  })

  it('keeps the rows it had when a reload fails, and update changes them in place', async () => {
    const answers = [deferred<number[]>(), deferred<number[]>()]
    let call = 0
    const { result } = renderHook(() => useLoad(() => answers[call++]?.promise as Promise<number[]>, 'k'))
    await act(async () => answers[0]?.resolve([1, 2]))
    act(() => result.current[2]((rows) => rows.map((n) => n * 10)))
    expect(result.current[0]).toEqual({ status: 'ready', data: [10, 20] })
    act(() => result.current[1]())
    await act(async () => answers[1]?.reject(new Error('Service unavailable')))
    expect(result.current[0]).toEqual({ status: 'error', error: 'Service unavailable', data: [10, 20] })
  })

  it("says a failure as the screen's `describe` words it (a shopper's screen: the reader's language)", async () => {
    const failed = Object.assign(new Error('Too many requests'), { code: 'rate_limited' })
    const { result } = renderHook(() =>
      useLoad(
        () => Promise.reject(failed),
        'k',
        (error) => `in Hindi: ${(error as { code: string }).code}`,
      ),
    )
    await act(async () => {})
    expect(result.current[0]).toEqual({ status: 'error', error: 'in Hindi: rate_limited' })
  })
})

function Listed({ load, retry = () => {} }: { load: Load<string[]>; retry?: () => void }) {
  return (
    <ListState
      load={load}
      retry={retry}
      isEmpty={(rows) => rows.length === 0}
      empty="Nothing here."
      loadingLabel="Loading rows..."
    >
      {(rows) => <p>{rows.join(', ')}</p>}
    </ListState>
  )
}

describe('ListState', () => {
  it('says loading, then empty, then shows the rows', () => {
    const { rerender } = render(<Listed load={{ status: 'loading' }} />)
    expect(screen.getByRole('status').textContent).toBe('Loading rows...')
    rerender(<Listed load={{ status: 'ready', data: [] }} />)
    expect(screen.getByText('Nothing here.')).toBeTruthy()
    rerender(<Listed load={{ status: 'ready', data: ['a', 'b'] }} />)
    expect(screen.getByText('a, b')).toBeTruthy()
  })

  it('keeps the old rows marked busy while the next page loads', () => {
    render(<Listed load={{ status: 'loading', data: ['a'] }} />)
    expect(screen.getByText('a').parentElement?.getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows the error with Retry', () => {
    const retry = vi.fn()
    render(<Listed load={{ status: 'error', error: 'Gateway down', data: ['a'] }} retry={retry} />)
    expect(screen.getByRole('alert').textContent).toContain('Error: Gateway down')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalledOnce()
  })
})

interface Medicine {
  id: string
  name: string
  price: number
}
const columns: Column<Medicine>[] = [
  { header: 'Name', cell: (m) => m.name },
  { header: 'Price', cell: (m) => `₹${m.price}`, nowrap: true },
  { header: 'Action', label: '', cell: (m) => <button type="button">Edit {m.name}</button> },
]

describe('DataTable', () => {
  it('names each cell for the phone cards, hides the caption when asked and pages', () => {
    const onPageChange = vi.fn()
    render(
      <DataTable
        caption="Medicines"
        hiddenCaption
        columns={columns}
        rows={[
          { id: 'a', name: 'Dolo 650', price: 30 },
          { id: 'b', name: 'Crocin', price: 25 },
        ]}
        rowKey={(m) => m.id}
        pager={{ label: 'Medicine pages', page: 1, pageCount: 3, onPageChange }}
      />,
    )
    const table = screen.getByRole('table', { name: 'Medicines' })
    expect(table.querySelector('caption')?.className).toBe('visually-hidden')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Price', 'Action'])
    const cells = within(table).getAllByRole('row')[1]?.querySelectorAll('td') ?? []
    expect([...cells].map((td) => td.getAttribute('data-label'))).toEqual(['Name', 'Price', ''])
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Medicine pages' })).getByRole('button', {
        name: 'Next',
      }),
    )
    expect(onPageChange).toHaveBeenCalledWith(2)
  })

  it('draws each cell once when headers are empty, then named (a catalogue arriving after the first render)', () => {
    const table = (headers: [string, string]) => (
      <DataTable
        caption="Medicines"
        columns={[
          { header: headers[0], cell: (m: { id: string; name: string }) => m.name },
          { header: headers[1], cell: (m: { id: string; name: string }) => m.id },
        ]}
        rows={[{ id: 'a', name: 'Dolo 650' }]}
        rowKey={(m) => m.id}
      />
    )
    const { rerender } = render(table(['', '']))
    rerender(table(['Name', 'Id']))
    const cells = screen.getAllByRole('row')[1]?.querySelectorAll('td') ?? []
    expect([...cells].map((td) => td.textContent)).toEqual(['Dolo 650', 'a'])
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Id'])
  })
})

describe('OrdersTable', () => {
  const order: OrderRow = {
    _id: 'o1',
    number: 'MS-000001',
    shippingInfo: { customerName: 'Asha Rao', addressLine1: '12 MG Road' },
    items: [{ quantity: 2 }, { quantity: 1 }],
    createdAt: '2026-11-22T20:00:00Z',
    totalPrice: 123456.5,
    status: 'shipped',
  }

  it('shows the size in items, the Indian date and price, the screen’s headings and View', () => {
    const onView = vi.fn()
    render(
      <OrdersTable
        orders={[order]}
        caption="1 order"
        headers={{ customer: 'Customer Info', price: 'Total Price' }}
        onView={onView}
        pager={{ page: 1, pageCount: 1, onPageChange: () => {} }}
      />,
    )
    const row = screen.getByTestId('order-row')
    expect(row.getAttribute('data-order-number')).toBe('MS-000001')
    expect(within(row).getByText('3 items')).toBeTruthy()
    expect(within(row).getByText('23 November 2026')).toBeTruthy()
    expect(within(row).getByTestId('order-row-total').textContent).toBe('₹1,23,456.50')
    expect(screen.getByRole('columnheader', { name: 'Total Price' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'View order MS-000001' }))
    expect(onView).toHaveBeenCalledWith(order)
  })
})

function Searched() {
  const [applied, setApplied] = useState('dolo')
  return (
    <>
      <SearchFilter name="Filter products" label="Product Name" value={applied} onSearch={setApplied}>
        <button type="button" onClick={() => setApplied('')}>
          Clear
        </button>
      </SearchFilter>
      <output>{applied}</output>
    </>
  )
}

describe('SearchFilter', () => {
  it('applies the typed text only on Filter, and follows a change made elsewhere', async () => {
    render(<Searched />)
    const form = screen.getByRole('form', { name: 'Filter products' })
    const field = within(form).getByRole('searchbox', { name: 'Product Name' })
    expect(field).toHaveProperty('value', 'dolo')
    fireEvent.change(field, { target: { value: 'crocin' } })
    expect(screen.getByRole('status').textContent).toBe('dolo')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect(screen.getByRole('status').textContent).toBe('crocin')
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(field).toHaveProperty('value', ''))
  })
})

function OrderFilters({ priceError }: { priceError?: string }) {
  const [value, setValue] = useState<OrderFilterValues>({ name: '', date: '', price: '', status: 'all' })
  return (
    <form aria-label="Filter orders">
      <OrderFilterFields
        value={value}
        onChange={setValue}
        priceError={priceError}
        statusOptions={[
          { value: 'all', label: 'All Status' },
          { value: 'shipped', label: 'Shipped' },
        ]}
      />
      <output>{JSON.stringify(value)}</output>
    </form>
  )
}

describe('OrderFilterFields', () => {
  it('labels the four filters, changes one at a time and shows why a price cannot be used', () => {
    render(<OrderFilters priceError="Price may hold only digits and a dot" />)
    fireEvent.change(screen.getByLabelText('Customer name'), { target: { value: 'Asha' } })
    fireEvent.change(screen.getByLabelText('Order date'), { target: { value: '2026-11-23' } })
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'shipped' } })
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      name: 'Asha',
      date: '2026-11-23',
      price: '',
      status: 'shipped',
    })
    const price = screen.getByLabelText('Price')
    expect(price.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Price may hold only digits and a dot')).toBeTruthy()
  })
})
