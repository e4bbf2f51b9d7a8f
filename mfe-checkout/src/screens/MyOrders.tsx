import { messagingApi, orderApi } from '@medstore/contracts/endpoints'
import { cardImageOf } from '@medstore/contracts/image-urls'
import type { CustomerNotification } from '@medstore/contracts/messaging'
import type { Order } from '@medstore/contracts/order'
import {
  Button,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatLongDate,
  formatRupees,
  ListState,
  LoadingState,
  Modal,
  paymentText,
  refundSentences,
  StatusBadge,
  theme,
  useLoad,
} from '@medstore/ui'
import { OrderFilterFields, OrdersTable, TaxInvoice } from '@medstore/ui/later'
import { api, apiImage, loginPath, toast, usePageTitle, useUser } from '@medstore/web-client'
import { type FormEvent, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { PromisedDelivery } from '../checkout/PromisedDelivery.tsx'
import { taxInvoiceFile } from '../checkout/taxInvoice.ts'
import {
  cancellability,
  emptyFilters,
  type OrderFilters,
  orderPageCount,
  ordersQuery,
  statusOptions,
  timelineOf,
} from '../domain/orders.ts'
import { failureMessage } from '../failure.ts'
import { useT } from '../i18n.ts'
import { OrderPrescription } from '../prescriptions/OrderPrescription.tsx'
import { Card, Facts, Lead, Section, Thumb, Title } from './ui.tsx'

const FilterBar = styled.form`
  display: grid;
  gap: 0 12px;
  grid-template-columns: minmax(0, 1fr);
  align-items: end;

  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 960px) {
    grid-template-columns: repeat(4, minmax(0, 1fr)) auto;
  }
  button {
    margin-bottom: 14px;
  }
`

const ItemList = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;

  li {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 12px;
    align-items: center;
    padding: 8px 0;
    border-bottom: 1px solid ${theme.color.border};
  }
  .name {
    flex: 1;
    min-width: 140px;
  }
  small {
    display: block;
    color: ${theme.color.muted};
  }
`

const Refunds = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-wrap: anywhere;
`

const Timeline = styled.ol`
  margin: 0 0 16px;
  padding-left: 20px;
  border-left: 2px solid ${theme.color.brandLight};
  list-style: none;

  li {
    position: relative;
    padding: 0 0 12px;
  }
  li::before {
    content: '';
    position: absolute;
    left: -27px;
    top: 4px;
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${theme.color.brand};
  }
  small {
    display: block;
    color: ${theme.color.muted};
  }
`

export function MyOrders() {
  const t = useT()
  usePageTitle(t('orders.title'))
  // The profile store is the shell's own instance (a federated singleton): signing in or out in the
  // shell's header re-renders this at once.
  const user = useUser()
  if (!user)
    return (
      <Section data-remote="mfe_checkout">
        <Title>{t('orders.title')}</Title>
        <Lead>
          {t.rich('orders.signIn', { link: (text) => <Link to={loginPath('/my-orders')}>{text}</Link> })}
        </Lead>
      </Section>
    )
  return <OrdersOf userName={user.name} />
}

function OrdersOf({ userName }: { userName: string }) {
  const t = useT()
  const [typed, setTyped] = useState<OrderFilters>(emptyFilters)
  const [applied, setApplied] = useState<OrderFilters>(emptyFilters)
  const [page, setPage] = useState(1)
  const [filterError, setFilterError] = useState<{ field: 'date' | 'price'; message: string }>()
  const [viewing, setViewing] = useState<Order | undefined>()
  const [load, reload, update] = useLoad(
    async () => {
      const built = ordersQuery(applied, page)
      // Filters are checked before they are applied; this is only the type's other case.
      if (!built.ok) throw new Error(built.message)
      const { orders, total } = await api.call(orderApi.userOrders, {
        query: built.query,
        quiet: true,
      })
      return { orders, total: total ?? orders.length }
    },
    JSON.stringify([applied, page]),
    failureMessage,
  )

  const filter = (event: FormEvent) => {
    event.preventDefault()
    const built = ordersQuery(typed, 1)
    if (!built.ok) {
      setFilterError({ field: built.field, message: built.message })
      return
    }
    setFilterError(undefined)
    setApplied(typed)
    setPage(1)
  }

  const replaced = (order: Order) => {
    update((list) => ({ ...list, orders: list.orders.map((o) => (o._id === order._id ? order : o)) }))
    setViewing(order)
  }

  return (
    <Section data-remote="mfe_checkout" data-signed-in-as={userName}>
      <Title>{t('orders.title')}</Title>
      <Card>
        <FilterBar onSubmit={filter} aria-label={t('orders.filter')} noValidate>
          <OrderFilterFields
            value={typed}
            onChange={setTyped}
            priceError={filterError?.field === 'price' ? filterError.message : undefined}
            dateError={filterError?.field === 'date' ? filterError.message : undefined}
            statusOptions={statusOptions.map((s) => ({
              value: s,
              label: s === 'All Status' ? t('orders.allStatus') : t('orders.status', { status: s }),
            }))}
          />
          <Button type="submit">{t('orders.filterButton')}</Button>
        </FilterBar>
      </Card>

      <ListState
        load={load}
        retry={reload}
        failure={t('orders.failed')}
        loadingLabel={t('orders.loading')}
        isEmpty={(list) => list.orders.length === 0}
        empty={
          JSON.stringify(applied) === JSON.stringify(emptyFilters())
            ? t.rich('orders.none', { link: (text) => <Link to="/">{text}</Link> })
            : t('orders.noMatch')
        }
      >
        {(list) => (
          <OrdersTable
            orders={list.orders}
            caption={t('orders.count', { count: list.total })}
            headers={{ customer: t('orders.customer'), price: t('orders.totalPrice') }}
            onView={setViewing}
            pager={{
              page,
              pageCount: orderPageCount(list.total),
              onPageChange: setPage,
              label: t('orders.pages'),
            }}
          />
        )}
      </ListState>
      {viewing ? (
        <OrderModal order={viewing} onClose={() => setViewing(undefined)} onChanged={replaced} />
      ) : null}
    </Section>
  )
}

type Notes =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; list: CustomerNotification[] }

function OrderModal({
  order,
  onClose,
  onChanged,
}: {
  order: Order
  onClose: () => void
  onChanged: (order: Order) => void
}) {
  const t = useT()
  const [notes, setNotes] = useState<Notes>({ status: 'loading' })
  const [cancelling, setCancelling] = useState(false)
  const [cancelError, setCancelError] = useState<string | undefined>()
  const rule = cancellability(order, new Date())
  const info = order.shippingInfo

  // biome-ignore lint/correctness/useExhaustiveDependencies: the timeline is reloaded when the status changes
  useEffect(() => {
    const controller = new AbortController()
    api
      .call(messagingApi.notifications, {
        // Written by the server in the language the page shows (and fetched again when it changes).
        query: { locale: t.language },
        signal: controller.signal,
        quiet: true,
      })
      .then((list) => setNotes({ status: 'ready', list }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setNotes({ status: 'error', message: failureMessage(error) })
      })
    return () => controller.abort()
  }, [order._id, order.status, t.language])

  async function cancel() {
    setCancelling(true)
    setCancelError(undefined)
    try {
      const { order: updated } = await api.call(orderApi.cancel, {
        query: { orderId: order._id },
        quiet: true,
      })
      toast.success(t('orders.cancelled', { number: updated.number }))
      onChanged(updated)
    } catch (error) {
      setCancelError(failureMessage(error))
    } finally {
      setCancelling(false)
    }
  }

  const timeline = notes.status === 'ready' ? timelineOf(order._id, notes.list) : []
  const refunds = refundSentences(order)
  return (
    <Modal
      open
      title={t('orders.modalTitle', { number: order.number })}
      onClose={onClose}
      width={640}
      footer={
        <>
          {rule.allowed ? (
            <Button variant="danger" disabled={cancelling} onClick={() => void cancel()}>
              {cancelling ? t('orders.cancelling') : t('orders.cancel')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {t('orders.close')}
          </Button>
        </>
      }
    >
      <Facts style={{ marginBottom: 16 }}>
        <dt>{t('orders.customerName')}</dt>
        <dd>{info.customerName}</dd>
        <dt>{t('orders.phone')}</dt>
        <dd>{info.phoneNumber}</dd>
        <dt>{t('orders.datePlaced')}</dt>
        <dd>{formatLongDate(order.createdAt)}</dd>
        <PromisedDelivery order={order} />
        <dt>{t('orders.totalAmount')}</dt>
        <dd>
          <strong>{formatRupees(order.totalPrice)}</strong>
        </dd>
        <dt>{t('orders.country')}</dt>
        <dd>{info.country}</dd>
        <dt>{t('orders.state')}</dt>
        <dd>{info.state}</dd>
        <dt>{t('orders.city')}</dt>
        <dd>{info.city}</dd>
        <dt>{t('orders.address1')}</dt>
        <dd>{info.addressLine1}</dd>
        <dt>{t('orders.address2')}</dt>
        <dd>{info.addressLine2 || '-'}</dd>
        <dt>{t('orders.postalCode')}</dt>
        <dd>{info.postalCode}</dd>
        <dt>{t('orders.street')}</dt>
        <dd>{info.street}</dd>
        <dt>{t('orders.house')}</dt>
        <dd>{info.houseNumber}</dd>
        <dt>{t('common.status')}</dt>
        <dd>
          <StatusBadge status={order.status} />
        </dd>
        <dt>{t('orders.paymentType')}</dt>
        <dd>{paymentText(order)}</dd>
        {refunds.length > 0 ? (
          <>
            <dt>{t('orders.refund')}</dt>
            <dd>
              <Refunds aria-label={t('orders.refunds')}>
                {refunds.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </Refunds>
            </dd>
          </>
        ) : null}
      </Facts>
      {order.status !== 'cancelled' ? (
        <>
          <h3>{t('orders.invoice')}</h3>
          <TaxInvoice status={order.status} load={() => taxInvoiceFile(order)} />
        </>
      ) : null}
      <h3>{t('common.items')}</h3>
      <ItemList>
        {order.items.map((item) => (
          <li key={item._id}>
            <Thumb src={apiImage(cardImageOf(item.productId.image))} alt="" loading="lazy" />
            <span className="name">
              {item.productId.name}
              <small>{item.productId.category}</small>
            </span>
            <span>
              {formatRupees(item.price)} × {item.quantity}
            </span>
            <StatusBadge status={item.status} />
          </li>
        ))}
      </ItemList>
      <OrderPrescription order={order} onChanged={onChanged} />
      <h3>{t('orders.timeline')}</h3>
      {notes.status === 'loading' ? <LoadingState label={t('orders.loadingUpdates')} /> : null}
      {notes.status === 'error' ? <ErrorState message={notes.message} /> : null}
      {notes.status === 'ready' && timeline.length === 0 ? (
        <EmptyState>{t('orders.noUpdates')}</EmptyState>
      ) : null}
      {timeline.length > 0 ? (
        <Timeline aria-label={t('orders.timeline')}>
          {timeline.map((entry) => (
            <li key={entry.id}>
              {entry.text}
              <small>{formatDateTime(entry.at)}</small>
            </li>
          ))}
        </Timeline>
      ) : null}
      {!rule.allowed ? (
        <Lead data-testid="cancel-reason">
          {rule.why === 'dispatched'
            ? t('orders.noCancel.dispatched', { status: rule.status })
            : t(`orders.noCancel.${rule.why}`)}
        </Lead>
      ) : null}
      {cancelError ? (
        <Lead role="alert" style={{ color: theme.color.danger }}>
          {t('orders.cancelError', { reason: cancelError })}
        </Lead>
      ) : null}
    </Modal>
  )
}
