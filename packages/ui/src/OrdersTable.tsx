import {
  Button,
  formatItemCount,
  formatLongDate,
  formatRupees,
  type PagerProps,
  StatusBadge,
} from '@medstore/ui'
import { type Column, DataTable } from './DataTable.tsx'
import { useT } from './later/messages.ts'

/** What an orders table shows of an order (the contracts' `Order` has all of it). */
export interface OrderRow {
  _id: string
  number: string
  shippingInfo: { customerName: string; addressLine1: string }
  items: readonly { quantity: number }[]
  createdAt: string
  totalPrice: number
  status: string
}

export interface OrdersTableProps<T extends OrderRow> {
  orders: readonly T[]
  caption: string
  hiddenCaption?: boolean
  /** Headings that differ between screens (spec: My orders says 'Customer Info' and 'Total Price'). */
  headers?: { customer?: string; price?: string }
  /** The View button of a row. */
  onView: (order: T) => void
  pager: PagerProps
}

/**
 * The orders list of My orders and of the back-office: who and where, size in items (units), the day
 * placed, the total, the status and View. A test finds rows by `data-testid="order-row"`.
 */
export function OrdersTable<T extends OrderRow>({
  orders,
  caption,
  hiddenCaption,
  headers = {},
  onView,
  pager,
}: OrdersTableProps<T>) {
  const t = useT()
  const columns: Column<T>[] = [
    {
      header: headers.customer ?? t('orders.user'),
      cell: (order) => (
        <span>
          <strong>{order.shippingInfo.customerName}</strong>
          <br />
          <small>{order.number}</small>
        </span>
      ),
    },
    { header: t('orders.address'), cell: (order) => order.shippingInfo.addressLine1 },
    { header: t('orders.products'), cell: (order) => formatItemCount(order.items), nowrap: true },
    { header: t('orders.date'), cell: (order) => formatLongDate(order.createdAt), nowrap: true },
    {
      header: headers.price ?? t('orders.price'),
      cell: (order) => formatRupees(order.totalPrice),
      nowrap: true,
      cellProps: () => ({ 'data-testid': 'order-row-total' }),
    },
    { header: t('orders.status'), cell: (order) => <StatusBadge status={order.status} /> },
    {
      header: t('orders.action'),
      label: '',
      cell: (order) => (
        <Button
          variant="secondary"
          aria-label={t('orders.viewLabel', { number: order.number })}
          onClick={() => onView(order)}
        >
          {t('orders.view')}
        </Button>
      ),
    },
  ]
  return (
    <DataTable
      caption={caption}
      hiddenCaption={hiddenCaption}
      columns={columns}
      rows={orders}
      rowKey={(order) => order._id}
      rowProps={(order) => ({ 'data-testid': 'order-row', 'data-order-number': order.number })}
      pager={pager}
    />
  )
}
