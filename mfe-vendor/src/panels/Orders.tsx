import { cardImageOf } from '@medstore/contracts/image-urls'
import {
  Button,
  FilterBar,
  formatLongDate,
  formatWeekdayDate,
  ListState,
  Modal,
  Price,
  pageCountOf,
  paymentText,
  refundSentences,
  Select,
  statusColour,
  theme,
  useLoad,
} from '@medstore/ui'
import { OrderFilterFields, OrdersTable, TaxInvoice } from '@medstore/ui/later'
import { apiImage, toast } from '@medstore/web-client'
import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { type Order, type OrderStatus, vendorApi } from '../api.ts'
import {
  dateFilterError,
  narrowsOrders,
  ORDER_LIST_DEFAULTS,
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  type OrderFilterForm,
  orderQuery,
  pagePlace,
  priceFilterError,
} from '../domain/orders.ts'
import { useUrlState } from '../url-state.ts'
import { ErrorText, Panel } from './common.tsx'

export function Orders() {
  const [state, setState] = useUrlState(ORDER_LIST_DEFAULTS)
  const [draft, setDraft] = useState<OrderFilterForm>(state)
  const [priceError, setPriceError] = useState<string>()
  const [dateError, setDateError] = useState<string>()
  const [open, setOpen] = useState<Order | null>(null)
  const query = orderQuery(state)
  const place = { after: state.after || undefined, before: state.before || undefined }
  const [load, reload] = useLoad(
    () => vendorApi.orders(query, state.page, ORDERS_PAGE_SIZE, place),
    JSON.stringify([query, state.page, place]),
  )
  // The form follows the URL (Back, a shared link) as well as the Filter button.
  useEffect(() => setDraft(state), [state])

  const apply = (event: React.FormEvent) => {
    event.preventDefault()
    const priceProblem = priceFilterError(draft.price)
    const dateProblem = dateFilterError(draft.date)
    setPriceError(priceProblem)
    setDateError(dateProblem)
    if (!priceProblem && !dateProblem)
      setState({
        name: draft.name,
        date: draft.date,
        price: draft.price,
        status: draft.status,
        page: 1,
        after: '',
        before: '',
      })
  }

  return (
    <Panel title="All Orders">
      <FilterBar onSubmit={apply} aria-label="Filter orders">
        <OrderFilterFields
          value={draft}
          onChange={setDraft}
          priceError={priceError}
          dateError={dateError}
          statusOptions={[
            { value: 'all', label: 'All Status' },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: s })),
          ]}
        />
        <Button type="submit">Filter</Button>
      </FilterBar>

      <ListState
        load={load}
        retry={reload}
        failure="Failed to fetch orders."
        isEmpty={(d) => d.items.length === 0}
        empty={
          load.data?.searchedNewest
            ? `No orders among the newest ${load.data.searchedNewest.toLocaleString('en-IN')} match this name. Type three letters or more to search every order.`
            : narrowsOrders(query)
              ? 'No orders match these filters.'
              : 'No orders yet. Orders customers place in the shop appear here.'
        }
      >
        {(data) => (
          <>
            {data.searchedNewest ? (
              <CappedNote role="status">
                A name of one or two letters is looked for in the newest{' '}
                {data.searchedNewest.toLocaleString('en-IN')} orders. Type three letters or more to search
                every order.
              </CappedNote>
            ) : null}
            {data.totalCapped ? (
              <CappedNote role="status">
                More than {data.total.toLocaleString('en-IN')} orders match: the pages go as far as the{' '}
                {data.total.toLocaleString('en-IN')} newest. Narrow the filters (a day, a status, a name) to
                reach older ones.
              </CappedNote>
            ) : null}
            <OrdersTable
              orders={data.items}
              caption="Orders, newest first"
              hiddenCaption
              onView={setOpen}
              pager={{
                label: 'Orders pages',
                page: state.page,
                pageCount: pageCountOf(data.total, ORDERS_PAGE_SIZE),
                onPageChange: (page) =>
                  setState({ ...state, page, ...pagePlace(state.page, page, data.cursors) }),
              }}
            />
          </>
        )}
      </ListState>
      {open ? (
        <OrderDetails
          order={open}
          onChange={(order) => {
            setOpen(order)
            reload()
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Panel>
  )
}

const CappedNote = styled.p`
  margin: 0 0 12px;
  color: ${theme.color.muted};
  overflow-wrap: anywhere;
`

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 10px 16px;
  margin: 0 0 16px;

  dt {
    font-size: 0.8rem;
    color: ${theme.color.muted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`

const Items = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: 56px 1fr;
    gap: 4px 12px;
    align-items: center;
    padding: 10px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius};
  }

  img {
    grid-row: span 2;
    width: 56px;
    height: 56px;
    object-fit: contain;
  }

  .line {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    font-size: 0.9rem;
    color: ${theme.color.muted};
  }
`

const StatusSelect = styled(Select)<{ $status: string }>`
  background: ${(p) => statusColour(p.$status).background};
  color: ${(p) => statusColour(p.$status).text};
  font-weight: 600;
  text-transform: capitalize;
`

/**
 * Order Details: every change of a status select is saved at once; the select shows what the server
 * holds, so a refused change (e.g. delivered back to pending) springs back and the reason is shown.
 */
export function OrderDetails({
  order,
  onChange,
  onClose,
}: {
  order: Order
  onChange: (order: Order) => void
  onClose: () => void
}) {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const info = order.shippingInfo

  const save = async (change: () => Promise<{ order: Order }>, success: string, failure: string) => {
    setBusy(true)
    setProblem(undefined)
    try {
      const { order: updated } = await change()
      toast.success(success)
      onChange(updated)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      setProblem(`${failure} ${reason}`)
      toast.error(failure, reason)
    } finally {
      setBusy(false)
    }
  }

  const facts: [string, string][] = [
    ['Customer name', info.customerName],
    ['Phone number', info.phoneNumber],
    ['Date placed', formatLongDate(order.createdAt)],
    ['Delivery by', formatWeekdayDate(order.promisedDeliveryDate)],
    ['Country', info.country],
    ['State', info.state],
    ['City', info.city],
    ['Address line 1', info.addressLine1],
    ['Address line 2', info.addressLine2 || '-'],
    ['Postal code', info.postalCode],
    ['Street', info.street],
    ['House number', info.houseNumber],
    ['Payment type', paymentText(order)],
    ...refundSentences(order).map((sentence): [string, string] => ['Refund', sentence]),
  ]

  return (
    <Modal open title={`Order Details · ${order.number}`} onClose={onClose} width={760}>
      <Facts>
        {facts.map(([label, value]) => (
          <div key={`${label}:${value}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Total amount</dt>
          <dd>
            <Price amount={order.totalPrice} />
          </dd>
        </div>
      </Facts>
      <label htmlFor="order-status">
        <strong>Order status</strong>
      </label>
      <StatusSelect
        id="order-status"
        $status={order.status}
        value={order.status}
        disabled={busy}
        onChange={(e) =>
          save(
            () => vendorApi.setOrderStatus(order._id, e.target.value as OrderStatus),
            'Order Status Changed successfully.',
            'Failed to change order status.',
          )
        }
      >
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </StatusSelect>
      {problem ? <ErrorText role="alert">{problem}</ErrorText> : null}
      {order.status !== 'cancelled' ? (
        <>
          <h3>Tax invoice</h3>
          <TaxInvoice status={order.status} load={() => vendorApi.invoice(order._id, order.number)} />
        </>
      ) : null}
      <h3>Items</h3>
      <Items>
        {order.items.map((item) => (
          <li key={item._id}>
            <img src={apiImage(cardImageOf(item.productId.image))} alt="" loading="lazy" />
            <strong>{item.productId.name}</strong>
            <div className="line">
              <span>
                <Price amount={item.price} /> × {item.quantity}
              </span>
              <span>{item.productId.category}</span>
              <StatusSelect
                aria-label={`Status of ${item.productId.name}`}
                $status={item.status}
                value={item.status}
                disabled={busy}
                style={{ width: 'auto' }}
                onChange={(e) =>
                  save(
                    () => vendorApi.setItemStatus(order._id, item._id, e.target.value as OrderStatus),
                    'Item Status Changed successfully.',
                    'Failed to change item status.',
                  )
                }
              >
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </StatusSelect>
            </div>
          </li>
        ))}
      </Items>
    </Modal>
  )
}
