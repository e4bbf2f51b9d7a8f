import type { Seller } from '../../src/domain/invoice/invoice'
import type { PrismaClient } from '../../src/generated/prisma/client'

/** A seller in Maharashtra (state code 27). */
export const TEST_SELLER: Seller = {
  name: 'Test Pharmacy Private Limited',
  address: ['1 Test Road', 'Mumbai 400001', 'Maharashtra, India'],
  gstin: '27AAPFU0939F1ZV',
  state: { name: 'Maharashtra', code: '27' },
  drugLicences: ['Form 20: MH-TEST-1', 'Form 21: MH-TEST-2'],
  developmentDefaults: false,
}

let seq = 900_000
/** A shipped order written straight to the order database (what numbering needs, no placement). */
export async function shippedOrder(
  db: PrismaClient,
  options: { state?: string; status?: 'shipped' | 'delivered' | 'pending'; createdAt?: Date } = {},
) {
  seq++
  const status = options.status ?? 'shipped'
  const order = await db.order.create({
    data: {
      id: `inv-test-${seq}`,
      seq,
      number: `MS-${seq}`,
      userId: 'customer-1',
      customerName: 'अनीता शर्मा',
      phoneNumber: '9876543210',
      country: 'India',
      state: options.state ?? 'Maharashtra',
      city: 'Pune',
      addressLine1: 'फ्लैट 4, गंगा अपार्टमेंट',
      addressLine2: '',
      postalCode: '411004',
      street: 'FC Road',
      houseNumber: '4',
      paymentType: 'cash',
      totalPaise: 19_900 * 2 + 1_000,
      status,
      createdAt: options.createdAt,
      items: {
        create: [
          {
            position: 0,
            productId: 'p1',
            name: 'Paracetamol 500 mg',
            image: '',
            category: 'Medicines',
            unitPricePaise: 19_900,
            quantity: 2,
            hsnCode: '3004',
            gstRate: 12,
            mrpPaise: 21_000,
            status,
          },
          {
            position: 1,
            productId: 'p2',
            name: 'Ashwagandha Churna',
            image: '',
            category: 'Ayurvedic',
            unitPricePaise: 1_000,
            quantity: 1,
            hsnCode: '30039011',
            gstRate: 18,
            status,
          },
        ],
      },
    },
  })
  return order.id
}
