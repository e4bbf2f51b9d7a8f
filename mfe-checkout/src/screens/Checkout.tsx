import type { CartItem } from '@medstore/contracts/cart'
import { cardImageOf } from '@medstore/contracts/image-urls'
import type { PaymentType, ShippingInfo } from '@medstore/contracts/order'
import {
  Button,
  EmptyState,
  ErrorState,
  type FieldProblem,
  formatRupees,
  formatWeekdayDate,
  LoadingState,
  problemText,
  type ServerText,
  StackedTable,
  serverText,
  Table,
  TextField,
  theme,
} from '@medstore/ui'
import {
  ApiError,
  apiImage,
  failureText,
  links,
  loginPath,
  PAINT_HIDDEN,
  rememberedPincode,
  useCartSummaryStore,
  useDeliveryCheck,
  usePageTitle,
  useUser,
} from '@medstore/web-client'
import { type FormEvent, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { QuantityStepper } from '../cart/QuantityStepper.tsx'
import { useCart } from '../cart/useCart.ts'
import { DeliveryPromise } from '../checkout/DeliveryPromise.tsx'
import { follow, orderRequest, sendOrder } from '../checkout/placeOrder.ts'
import { lineTotal, orderableLines, subtotalOf, totalOf, unitCountOf } from '../domain/cart.ts'
import { withPlace } from '../domain/delivery.ts'
import { afterFailure, keyFor, newKeyState } from '../domain/idempotency.ts'
import {
  emptyShippingForm,
  type FieldErrors,
  recalledAddress,
  rememberAddress,
  type ShippingForm,
  serverFieldErrors,
  shippingFields,
} from '../domain/shipping.ts'
import { type MessageKey, useT } from '../i18n.ts'
import { usePrescriptionStep } from '../prescriptions/usePrescriptionStep.tsx'
import { Alert, Card, Lead, Note, Section, Thumb, Title } from './ui.tsx'

const Layout = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: 960px) {
    grid-template-columns: minmax(0, 1fr) 340px;
    align-items: start;
  }
`

const Fields = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`

/** The payment methods offered, in order (cash on delivery is chosen first). */
const paymentChoices: { value: PaymentType; label: MessageKey; detail: MessageKey }[] = [
  { value: 'cash', label: 'common.cashOnDelivery', detail: 'checkout.cashDetail' },
  { value: 'online', label: 'checkout.online', detail: 'checkout.onlineDetail' },
]

const Choice = styled.label`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  padding: 12px;
  margin-bottom: 8px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  cursor: pointer;

  &:has(input:checked) {
    border-color: ${theme.color.brand};
    background: ${theme.color.brandLighter};
  }
  small {
    display: block;
    color: ${theme.color.muted};
  }
`

const Sums = styled.dl`
  display: grid;
  /* The labels keep their line ('Delivery by'); a long value (the promised day) wraps on the right. */
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 8px 12px;
  margin: 0 0 16px;

  dd {
    margin: 0;
    text-align: right;
    overflow-wrap: anywhere;
  }
  .total {
    padding-top: 8px;
    border-top: 1px solid ${theme.color.border};
    font-size: 1.15rem;
    font-weight: 700;
  }
`

const ProductCell = styled.td`
  a {
    color: ${theme.color.text};
    font-weight: 600;
    text-decoration: none;
  }
  .reason {
    display: block;
    color: ${theme.color.danger};
    font-size: 0.85rem;
  }
`

const LinkButton = styled.button`
  border: 0;
  background: none;
  color: ${theme.color.danger};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`

const productHref = (item: CartItem) => links.product(item.productId._id)

interface Failure {
  /** The server's error by code (said in the reader's language when the UI kit knows it), or ours. */
  reason: ServerText
}

export function Checkout() {
  const t = useT()
  usePageTitle(t('checkout.title'))
  const user = useUser()
  if (!user)
    return (
      <Section data-remote="mfe_checkout">
        <Title>{t('checkout.title')}</Title>
        <Lead>
          {t.rich('checkout.signIn', { link: (text) => <Link to={loginPath('/checkout')}>{text}</Link> })}
        </Lead>
      </Section>
    )
  return <SignedInCheckout userId={user.id} userName={user.name} />
}

function SignedInCheckout({ userId, userName }: { userId: string; userName: string }) {
  const t = useT()
  const navigate = useNavigate()
  const { state, busy, setQuantity, remove, reload } = useCart()
  const [form, setForm] = useState<ShippingForm>(
    () =>
      recalledAddress(localStorage, userId) ?? {
        ...emptyShippingForm(),
        customerName: userName,
        postalCode: rememberedPincode(),
      },
  )
  // One check of the PIN code typed so far: the shipping card says what it found, the order details the day.
  const delivery = useDeliveryCheck(form.postalCode)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [paymentType, setPaymentType] = useState<PaymentType>('cash')
  const [placing, setPlacing] = useState(false)
  const [failure, setFailure] = useState<Failure | undefined>()
  const keyState = useRef(newKeyState())
  // A second click while the first request is out does nothing (and would carry the same key anyway).
  const inFlight = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)
  const rx = usePrescriptionStep(state.status === 'ready' ? state.cart.items : [])

  /** A field's problem in the reader's language, from this slice's catalogue. */
  const problemOf = (problem: FieldProblem | undefined) => problem && problemText(problem, t)

  const set = (name: keyof ShippingInfo, value: string) => {
    setForm((previous) => ({ ...previous, [name]: value }))
    if (errors[name]) setErrors((previous) => ({ ...previous, [name]: undefined }))
  }

  async function place(items: readonly CartItem[]) {
    if (inFlight.current) return
    inFlight.current = true
    try {
      // The contract's rules load on the first send: zod stays off the checkout page's first render.
      const { validateShipping } = await import('../domain/shipping-rules.ts')
      const checked = validateShipping(form)
      if (!checked.ok) {
        setErrors(checked.errors)
        const first = shippingFields.find((f) => checked.errors[f.name])
        if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus()
        return
      }
      setErrors({})
      const body = orderRequest(items, checked.value, paymentType, rx.prescriptionId)
      keyState.current = keyFor(keyState.current, JSON.stringify(body))
      setPlacing(true)
      setFailure(undefined)
      try {
        const placed = await sendOrder(body, keyState.current.key)
        rememberAddress(localStorage, userId, checked.value)
        // The cart service empties the cart when it hears of the order (every line older than it), which
        // is after this answer: asking it now would bring back the old count and the badge would keep it.
        useCartSummaryStore.getState().setItemCount(0)
        keyState.current = newKeyState()
        follow(placed.paymentLinkUrl, navigate)
      } catch (error) {
        keyState.current = afterFailure(keyState.current, error)
        rx.refused(error)
        if (error instanceof ApiError && error.errors.length) setErrors(serverFieldErrors(error.errors))
        // Stock or availability changed under the customer: show the cart as it is now.
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) reload()
        setFailure({
          reason: error instanceof Error ? failureText(error) : { message: t('common.tryAgainReason') },
        })
      }
    } catch {
      // The rules' code did not arrive (offline, or a redeploy removed the chunk): nothing was sent.
      setFailure({ reason: { message: t('checkout.offline') } })
    } finally {
      inFlight.current = false
      setPlacing(false)
    }
  }

  if (state.status === 'loading')
    return (
      <Section data-remote="mfe_checkout">
        <Title>{t('checkout.title')}</Title>
        <LoadingState label={t('panel.loading')} />
      </Section>
    )
  if (state.status === 'error')
    return (
      <Section data-remote="mfe_checkout">
        <Title>{t('checkout.title')}</Title>
        <ErrorState message={state.message} onRetry={reload} />
      </Section>
    )

  const { items } = state.cart
  if (items.length === 0)
    return (
      <Section data-remote="mfe_checkout">
        <Title>{t('checkout.title')}</Title>
        <Card>
          <EmptyState>
            <p>{t('checkout.emptyCart')}</p>
            <p>{t.rich('checkout.emptyHint', { link: (text) => <Link to="/">{text}</Link> })}</p>
          </EmptyState>
        </Card>
      </Section>
    )

  const orderable = orderableLines(items)
  const unavailable = items.length - orderable.length

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void place(items)
  }

  return (
    <Section data-remote="mfe_checkout">
      <Title>{t('checkout.title')}</Title>
      <Card>
        <h2>{t('checkout.yourCart')}</h2>
        <StackedTable>
          <Table>
            <thead>
              <tr>
                <th scope="col">{t('checkout.colImage')}</th>
                <th scope="col">{t('checkout.colDetails')}</th>
                <th scope="col">{t('checkout.colQuantity')}</th>
                <th scope="col">{t('checkout.colRemove')}</th>
                <th scope="col">{t('checkout.colUnitPrice')}</th>
                <th scope="col">{t('checkout.colTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id} data-testid="checkout-line">
                  <td data-label="">
                    <Link to={productHref(item)} tabIndex={-1} aria-hidden="true">
                      {/* Hidden in the first paint (src/pagePaints.tsx): its card URL is made from the image's. */}
                      <Thumb
                        src={apiImage(cardImageOf(item.productId.image))}
                        alt=""
                        loading="lazy"
                        {...PAINT_HIDDEN}
                      />
                    </Link>
                  </td>
                  <ProductCell data-label={t('checkout.product')}>
                    <Link to={productHref(item)}>{item.productId.name}</Link>
                    {!item.available ? (
                      <span className="reason">
                        {t('checkout.notIncluded', {
                          reason: item.unavailableReason ?? t('common.cannotBeOrdered'),
                        })}
                      </span>
                    ) : null}
                  </ProductCell>
                  <td data-label={t('checkout.colQuantity')}>
                    <QuantityStepper
                      item={item}
                      busy={busy === item.productId._id || placing}
                      onChange={(quantity) => void setQuantity(item, quantity)}
                    />
                  </td>
                  <td data-label="">
                    <LinkButton
                      type="button"
                      aria-label={t('common.removeLabel', { name: item.productId.name })}
                      disabled={busy === item.productId._id || placing}
                      onClick={() => void remove(item)}
                    >
                      {t('common.remove')}
                    </LinkButton>
                  </td>
                  <td data-label={t('checkout.colUnitPrice')}>{formatRupees(item.productId.price)}</td>
                  {/* Hidden in the first paint: computed from the line, not a value of the answer. */}
                  <td data-label={t('checkout.colTotal')} {...PAINT_HIDDEN}>
                    {item.available ? formatRupees(lineTotal(item)) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </StackedTable>
        {unavailable > 0 ? <Lead>{t('checkout.unavailableLines', { count: unavailable })}</Lead> : null}
      </Card>
      {rx.step}

      <form ref={formRef} onSubmit={submit} noValidate aria-label={t('checkout.form')}>
        <Layout>
          <div>
            <Card>
              <h2 id="shipping-title">{t('checkout.shipping')}</h2>
              <Fields role="group" aria-labelledby="shipping-title">
                {shippingFields.map((field) => (
                  <TextField
                    key={field.name}
                    name={field.name}
                    label={t(`field.${field.name}` as MessageKey)}
                    value={form[field.name]}
                    error={problemOf(errors[field.name])}
                    autoComplete={field.autoComplete}
                    inputMode={field.inputMode}
                    onChange={(event) => set(field.name, event.target.value)}
                  />
                ))}
              </Fields>
              <DeliveryPromise
                check={delivery}
                onPlace={(place, previous) => setForm((current) => withPlace(current, place, previous))}
              />
            </Card>
            <Card>
              <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
                <legend>
                  <h2>{t('checkout.payment')}</h2>
                </legend>
                {paymentChoices.map((choice) => (
                  <Choice key={choice.value}>
                    <input
                      type="radio"
                      name="paymentType"
                      value={choice.value}
                      checked={paymentType === choice.value}
                      onChange={() => setPaymentType(choice.value)}
                    />
                    <span>
                      {t(choice.label)}
                      <small>{t(choice.detail)}</small>
                    </span>
                  </Choice>
                ))}
              </fieldset>
            </Card>
          </div>
          <Card aria-labelledby="order-details-title" role="region">
            <h2 id="order-details-title">{t('checkout.orderDetails')}</h2>
            {/* Hidden in the first paint: sums of the lines, not values of the answer. */}
            <Sums {...PAINT_HIDDEN}>
              <dt>{t('checkout.itemsCount', { count: unitCountOf(items) })}</dt>
              <dd>{formatRupees(subtotalOf(items))}</dd>
              <dt>{t('common.subtotal')}</dt>
              <dd data-testid="checkout-subtotal">{formatRupees(subtotalOf(items))}</dd>
              <dt>{t('checkout.delivery')}</dt>
              <dd>{t('checkout.freeDelivery')}</dd>
              <dt>{t('delivery.promised')}</dt>
              <dd data-testid="checkout-delivery-by">
                {delivery.status === 'known' && delivery.estimate.served
                  ? formatWeekdayDate(delivery.estimate.deliveryBy)
                  : t('checkout.deliveryByPin')}
              </dd>
              <dt className="total">{t('common.total')}</dt>
              <dd className="total" data-testid="checkout-total">
                {formatRupees(totalOf(items))}
              </dd>
            </Sums>
            <Note>{t('checkout.note')}</Note>
            {failure ? (
              <Alert role="alert">
                <p>
                  <strong>{t('checkout.failed')}</strong>
                </p>
                <p>{serverText(failure.reason)}</p>
                <Button variant="secondary" onClick={() => void place(items)} disabled={placing}>
                  {t('checkout.tryAgain')}
                </Button>
              </Alert>
            ) : null}
            {rx.notice}
            <Button type="submit" block disabled={placing || orderable.length === 0 || rx.missing}>
              {placing ? t('checkout.placing') : t('checkout.place')}
            </Button>
          </Card>
        </Layout>
      </form>
    </Section>
  )
}
