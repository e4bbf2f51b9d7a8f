import { orderApi } from '@medstore/contracts/endpoints'
import type { Order } from '@medstore/contracts/order'
import { api } from '@medstore/web-client'

/** The order's GST tax invoice (PDF), named as the server names it (the invoice number). */
export const taxInvoiceFile = (order: Pick<Order, '_id' | 'number'>) =>
  api.file(orderApi.invoice, `tax-invoice-${order.number}.pdf`, {
    query: { orderId: order._id },
    quiet: true,
  })
