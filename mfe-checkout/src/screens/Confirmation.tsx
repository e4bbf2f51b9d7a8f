import { orderApi } from '@medstore/contracts/endpoints'
import type { ErrorCode } from '@medstore/contracts/errors'
import { cardImageOf } from '@medstore/contracts/image-urls'
import type { Order, OrderStatus, PaymentStatus } from '@medstore/contracts/order'
import { IDEMPOTENCY_KEY_HEADER } from '@medstore/contracts/order-constants'
import {
  Button,
  ErrorState,
  formatLongDate,
  formatRupees,
  LoadingState,
  StatusBadge,
  theme,
} from '@medstore/ui'
import { ApiError, api, apiImage, links, loginPath, toast, usePageTitle, useUser } from '@medstore/web-client'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'
import { PromisedDelivery } from '../checkout/PromisedDelivery.tsx'
import { arrivedFromCheckout, justPlacedState } from '../checkout/placeOrder.ts'
import { Alert, Card, Facts, Lead, Note, Section, Success, Thumb, Title } from './ui.tsx'

/** The shipping policy's standard delivery time. */
export const DELIVERY_ESTIMATE = '5–7 business days'

const Items = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;

  li {
    display: flex;
    gap: 12px;
    align-items: center;
    padding: 8px 0;
    border-bottom: 1px solid ${theme.color.border};
  }
  .name {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
`

type View = 'placed' | 'paid' | 'payment-pending' | 'payment-failed' | 'cancelled'

/** Which page the order lands on: a cash order is placed; an online one is paid, waiting or failed. */
export function confirmationView(order: {
  paymentType: string
  paymentStatus: PaymentStatus
  status: OrderStatus
}): View {
  if (order.status === 'cancelled') return 'cancelled'
  if (order.paymentType === 'cash') return 'placed'
  if (order.paymentStatus === 'paid') return 'paid'
  if (order.paymentStatus === 'failed') return 'payment-failed'
  return 'payment-pending'
}

const headings: Record<View, string> = {
  placed: 'Thank you! Your order is placed.',
  paid: 'Payment received. Thank you!',
  'payment-pending': 'Your order is waiting for payment',
  'payment-failed': 'Payment failed',
  cancelled: 'This order was cancelled',
}

/** The spec's words for a placed order, shown on arrival from the checkout. */
export const ORDER_CREATED = 'Order created successfully.'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; order: Order }

export function Confirmation() {
  const [params] = useSearchParams()
  const orderId = params.get('orderId') ?? ''
  const user = useUser()
  const navigate = useNavigate()
  const justPlaced = arrivedFromCheckout(useLocation().state)
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [switching, setSwitching] = useState(false)
  const view = load.status === 'ready' ? confirmationView(load.order) : undefined
  usePageTitle(view ? headings[view] : 'Your order')

  useEffect(() => {
    void attempt
    if (!user || !orderId) return
    const controller = new AbortController()
    setLoad({ status: 'loading' })
    api
      .call(orderApi.byId, {
        query: { orderId },
        signal: controller.signal,
        quiet: true,
      })
      .then(({ order }) => setLoad({ status: 'ready', order }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoad({ status: 'error', message: error instanceof Error ? error.message : 'Please try again.' })
      })
    return () => controller.abort()
  }, [user, orderId, attempt])

  if (!user)
    return (
      <Section data-remote="mfe_checkout">
        <Title>Your order</Title>
        <Lead>
          Please <Link to={loginPath()}>sign in</Link> to see your order.
        </Lead>
      </Section>
    )
  if (!orderId)
    return (
      <Section data-remote="mfe_checkout">
        <Title>Your order</Title>
        <Lead>
          No order was given. See all of them in <Link to="/my-orders">My orders</Link>.
        </Lead>
      </Section>
    )
  if (load.status === 'loading')
    return (
      <Section data-remote="mfe_checkout">
        <LoadingState label="Loading your order..." />
      </Section>
    )
  if (load.status === 'error')
    return (
      <Section data-remote="mfe_checkout">
        <Title>Your order</Title>
        <ErrorState message={load.message} onRetry={() => setAttempt((n) => n + 1)} />
      </Section>
    )

  const { order } = load
  const current = confirmationView(order)

  // Switching a failed online payment to cash: cancel it (its stock goes back) and place the same order
  // for cash. The key is derived from the failed order, so a double click or retry places one order.
  async function switchToCash() {
    setSwitching(true)
    try {
      await api.call(orderApi.cancel, { query: { orderId: order._id }, quiet: true }).catch(async (error) => {
        // Refused because an earlier attempt of this same switch cancelled it already (the order says
        // so, not the message's wording): go on and place the cash order.
        if (!(error instanceof ApiError && error.code === ('conflict' satisfies ErrorCode))) throw error
        const now = await api.call(orderApi.byId, { query: { orderId: order._id }, quiet: true })
        if (now.order.status !== 'cancelled') throw error
      })
      const placed = await api.call(orderApi.place, {
        body: {
          items: order.items.map((item) => ({ productId: item.productId._id, quantity: item.quantity })),
          shippingInfo: order.shippingInfo,
          paymentType: 'cash',
        },
        quiet: true,
        headers: { [IDEMPOTENCY_KEY_HEADER]: `switch-to-cash-${order._id}` },
      })
      toast.success(`Order ${placed.order.number} placed for cash on delivery`)
      navigate(links.order(placed.order._id), {
        state: justPlacedState,
      })
    } catch (error) {
      toast.error(`Could not switch to cash on delivery: ${error instanceof Error ? error.message : ''}`)
    } finally {
      setSwitching(false)
    }
  }

  return (
    <Section data-remote="mfe_checkout" data-view={current}>
      <Title>{headings[current]}</Title>
      {justPlaced && current !== 'cancelled' ? <Success role="status">{ORDER_CREATED}</Success> : null}
      {current === 'payment-failed' ? (
        <Alert role="alert">
          <p>The payment for order {order.number} did not go through. No money was taken.</p>
          <p>You can try paying again, or receive the order and pay cash on delivery.</p>
        </Alert>
      ) : null}
      <Card>
        <Facts>
          <dt>Order number</dt>
          <dd data-testid="order-number">
            <strong>{order.number}</strong>
          </dd>
          <dt>Placed on</dt>
          <dd>{formatLongDate(order.createdAt)}</dd>
          <dt>Payment</dt>
          <dd>
            {order.paymentType === 'cash' ? 'Cash on delivery' : 'Online payment'}
            {order.paymentType === 'online' ? ` · ${order.paymentStatus}` : ''}
          </dd>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={order.status} />
          </dd>
          <dt>Deliver to</dt>
          <dd>
            {order.shippingInfo.customerName}, {order.shippingInfo.houseNumber} {order.shippingInfo.street},{' '}
            {order.shippingInfo.city}, {order.shippingInfo.state} {order.shippingInfo.postalCode}
          </dd>
          <PromisedDelivery order={order} />
        </Facts>
        {current !== 'cancelled' ? (
          <Note>Standard delivery: {DELIVERY_ESTIMATE}. Delivery is free.</Note>
        ) : null}
      </Card>
      <Card>
        <h2>Items</h2>
        <Items>
          {order.items.map((item) => (
            <li key={item._id}>
              <Thumb src={apiImage(cardImageOf(item.productId.image))} alt="" loading="lazy" />
              <span className="name">
                {item.productId.name} × {item.quantity}
              </span>
              <span>{formatRupees(item.price * item.quantity)}</span>
            </li>
          ))}
        </Items>
        <Facts>
          <dt>Total</dt>
          <dd data-testid="order-total">
            <strong>{formatRupees(order.totalPrice)}</strong>
          </dd>
        </Facts>
      </Card>
      <Actions>
        {(current === 'payment-failed' || current === 'payment-pending') && order.paymentLinkUrl ? (
          <Button onClick={() => window.location.assign(order.paymentLinkUrl ?? '')}>
            {current === 'payment-failed' ? 'Pay again' : 'Pay now'}
          </Button>
        ) : null}
        {current === 'payment-failed' ? (
          <Button variant="secondary" disabled={switching} onClick={() => void switchToCash()}>
            {switching ? 'Switching...' : 'Pay cash on delivery instead'}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => navigate('/my-orders')}>
          My orders
        </Button>
        <Button variant="ghost" onClick={() => navigate('/')}>
          Continue shopping
        </Button>
      </Actions>
    </Section>
  )
}
