import { drugSchedule } from '@medstore/contracts/fields'
import { toRupees } from '@medstore/contracts/money'
import type { Order } from '@medstore/contracts/order'
import type { StoredOrder } from '../data/order-repository'

/** A DATE column as YYYY-MM-DD: Prisma reads it as UTC midnight, the raw insert answers it as text. */
const calendarDay = (day: Date | string | null): string | null =>
  day === null ? null : typeof day === 'string' ? day : day.toISOString().slice(0, 10)

/** An order as the API shows it (spec section 3): rupees, ids under _id, the product snapshot under productId. */
export function presentOrder(o: StoredOrder): Order {
  return {
    _id: o.id,
    number: o.number,
    userId: o.userId,
    items: o.items.map((item) => ({
      _id: item.id,
      productId: {
        _id: item.productId,
        name: item.name,
        image: item.image,
        category: item.category,
        price: toRupees(item.unitPricePaise),
      },
      quantity: item.quantity,
      price: toRupees(item.unitPricePaise),
      status: item.status,
      schedule: drugSchedule.parse(item.schedule),
      hsnCode: item.hsnCode,
      gstRate: item.gstRate,
      mrp: toRupees(item.mrpPaise ?? item.unitPricePaise),
    })),
    shippingInfo: {
      customerName: o.customerName,
      phoneNumber: o.phoneNumber,
      country: o.country,
      state: o.state,
      city: o.city,
      addressLine1: o.addressLine1,
      addressLine2: o.addressLine2,
      postalCode: o.postalCode,
      street: o.street,
      houseNumber: o.houseNumber,
    },
    paymentType: o.paymentType,
    paymentStatus: o.paymentStatus,
    paymentLinkUrl: o.paymentType === 'online' ? o.paymentLinkUrl : null,
    totalPrice: toRupees(o.totalPaise),
    refunds: o.refunds.map((r) => ({
      _id: r.id,
      itemId: r.itemId,
      amount: toRupees(r.amountPaise),
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    promisedDeliveryDate: calendarDay(o.promisedDeliveryDate),
    status: o.status,
    // undefined: written by the placing statement, which reads no prescription (it is attached after).
    prescription: o.prescription
      ? {
          status: o.prescription.status as 'awaiting_verification' | 'approved' | 'rejected',
          prescriptionId: o.prescription.prescriptionId,
          reason: o.prescription.reason,
          reattachBy: o.prescription.reattachBy ? new Date(o.prescription.reattachBy).toISOString() : null,
        }
      : null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  }
}
