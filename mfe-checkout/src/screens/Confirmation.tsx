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
import { TaxInvoice } from '@medstore/ui/later'
import { ApiError, api, apiImage, links, loginPath, toast, usePageTitle, useUser } from '@medstore/web-client'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'
import { PromisedDelivery } from '../checkout/PromisedDelivery.tsx'
import { arrivedFromCheckout, justPlacedState } from '../checkout/placeOrder.ts'
import { taxInvoiceFile } from '../checkout/taxInvoice.ts'
import { failureMessage } from '../failure.ts'
import { type MessageKey, useT } from '../i18n.ts'
import { Alert, Card, Facts, Lead, Note, Section, Success, Thumb, Title } from './ui.tsx'

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

const headings: Record<View, MessageKey> = {
  placed: 'confirm.placed',
  paid: 'confirm.paid',
  'payment-pending': 'confirm.pending',
  'payment-failed': 'confirm.paymentFailed',
  cancelled: 'confirm.cancelled',
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; order: Order }

export function Confirmation() {
  const t = useT()
  const [params] = useSearchParams()
  const orderId = params.get('orderId') ?? ''
  const user = useUser()
  const navigate = useNavigate()
  const justPlaced = arrivedFromCheckout(useLocation().state)
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [switching, setSwitching] = useState(false)
  const view = load.status === 'ready' ? confirmationView(load.order) : undefined
  usePageTitle(t(view ? headings[view] : 'confirm.yourOrder'))

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
          setLoad({
            status: 'error',
            message: failureMessage(error),
          })
      })
    return () => controller.abort()
  }, [user, orderId, attempt])

  if (!user)
    return (
      <Section data-remote="mfe_checkout">
        <Title>{t('confirm.yourOrder')}</Title>
        <Lead>{t.rich('confirm.signIn', { link: (text) => <Link to={loginPath()}>{text}</Link> })}</Lead>
      </Section>
    )
  if (!orderId)
    return (
      <Section data-remote="mfe_checkout">
        <Title>{t('confirm.yourOrder')}</Title>
        <Lead>{t.rich('confirm.noOrder', { link: (text) => <Link to="/my-orders">{text}</Link> })}</Lead>
      </Section>
    )
  if (load.status === 'loading')
    return (
      <Section data-remote="mfe_checkout">
        <LoadingState label={t('confirm.loading')} />
      </Section>
    )
  if (load.status === 'error')
    return (
      <Section data-remote="mfe_checkout">
        <Title>{t('confirm.yourOrder')}</Title>
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
      toast.success(t('confirm.switched', { number: placed.order.number }))
      navigate(links.order(placed.order._id), {
        state: justPlacedState,
      })
    } catch (error) {
      toast.error(t('confirm.switchFailed', { reason: failureMessage(error, '') }))
    } finally {
      setSwitching(false)
    }
  }

  return (
    <Section data-remote="mfe_checkout" data-view={current}>
      <Title>{t(headings[current])}</Title>
      {justPlaced && current !== 'cancelled' ? <Success role="status">{t('confirm.created')}</Success> : null}
      {current === 'payment-failed' ? (
        <Alert role="alert">
          <p>{t('confirm.failedText', { number: order.number })}</p>
          <p>{t('confirm.failedHint')}</p>
        </Alert>
      ) : null}
      <Card>
        <Facts>
          <dt>{t('confirm.orderNumber')}</dt>
          <dd data-testid="order-number">
            <strong>{order.number}</strong>
          </dd>
          <dt>{t('confirm.placedOn')}</dt>
          <dd>{formatLongDate(order.createdAt)}</dd>
          <dt>{t('confirm.payment')}</dt>
          <dd>
            {order.paymentType === 'cash' ? t('common.cashOnDelivery') : t('confirm.online')}
            {order.paymentType === 'online' ? ` · ${order.paymentStatus}` : ''}
          </dd>
          <dt>{t('common.status')}</dt>
          <dd>
            <StatusBadge status={order.status} />
          </dd>
          <dt>{t('confirm.deliverTo')}</dt>
          <dd>
            {order.shippingInfo.customerName}, {order.shippingInfo.houseNumber} {order.shippingInfo.street},{' '}
            {order.shippingInfo.city}, {order.shippingInfo.state} {order.shippingInfo.postalCode}
          </dd>
          <PromisedDelivery order={order} />
        </Facts>
        {current !== 'cancelled' ? (
          // The day promised for the shipping PIN code is among the facts above (PromisedDelivery).
          <Note>{t('confirm.delivery')}</Note>
        ) : null}
        <TaxInvoice status={order.status} load={() => taxInvoiceFile(order)} />
      </Card>
      <Card>
        <h2>{t('common.items')}</h2>
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
          <dt>{t('common.total')}</dt>
          <dd data-testid="order-total">
            <strong>{formatRupees(order.totalPrice)}</strong>
          </dd>
        </Facts>
      </Card>
      <Actions>
        {(current === 'payment-failed' || current === 'payment-pending') && order.paymentLinkUrl ? (
          <Button onClick={() => window.location.assign(order.paymentLinkUrl ?? '')}>
            {current === 'payment-failed' ? t('confirm.payAgain') : t('confirm.payNow')}
          </Button>
        ) : null}
        {current === 'payment-failed' ? (
          <Button variant="secondary" disabled={switching} onClick={() => void switchToCash()}>
            {switching ? t('confirm.switching') : t('confirm.switch')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => navigate('/my-orders')}>
          {t('common.myOrders')}
        </Button>
        <Button variant="ghost" onClick={() => navigate('/')}>
          {t('common.continueShopping')}
        </Button>
      </Actions>
    </Section>
  )
}
