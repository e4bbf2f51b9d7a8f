import { DEMO_EMAIL_DOMAIN } from '@medstore/contracts/demo'

/** Demo customers sign in with this password (development only: the seed is refused in production). */
export const DEMO_CUSTOMER_PASSWORD = 'demo-customer-2026'

const NAMES: [string, string][] = [
  ['Priya', 'Sharma'],
  ['Arjun', 'Nair'],
  ['Kavya', 'Reddy'],
  ['Rohan', 'Mehta'],
  ['Ananya', 'Iyer'],
  ['Vikram', 'Singh'],
  ['Meera', 'Pillai'],
  ['Aditya', 'Kulkarni'],
  ['Sneha', 'Banerjee'],
  ['Rahul', 'Verma'],
  ['Divya', 'Menon'],
  ['Karan', 'Malhotra'],
  ['Lakshmi', 'Subramanian'],
  ['Siddharth', 'Joshi'],
  ['Pooja', 'Desai'],
  ['Manoj', 'Patil'],
  ['Nandini', 'Rao'],
  ['Harish', 'Gowda'],
  ['Fatima', 'Sheikh'],
  ['Gurpreet', 'Kaur'],
  ['Tanvi', 'Chatterjee'],
  ['Abhishek', 'Mishra'],
  ['Shreya', 'Ghosh'],
  ['Imran', 'Qureshi'],
  ['Deepa', 'Krishnan'],
]

const DAY_MS = 24 * 60 * 60 * 1000

export type DemoCustomer = {
  firstName: string
  lastName: string
  userName: string
  email: string
  phone: string
  createdAt: Date
}

/**
 * The 25 demo customers, registered between 3 and about 87 days before `now` (so the dashboard has new
 * customers in both of its 30-day windows and older ones), each with a valid Indian mobile number.
 */
export function demoCustomers(now: Date): DemoCustomer[] {
  return NAMES.map(([firstName, lastName], i) => {
    const handle = `${firstName}.${lastName}`.toLowerCase()
    // Spread over the days, and over the hours of the day (09:00–20:00 IST-ish), deterministic per customer.
    const daysAgo = 3 + i * 3.5
    const hours = (i * 7) % 11
    return {
      firstName,
      lastName,
      userName: handle,
      email: `${handle}@${DEMO_EMAIL_DOMAIN}`,
      phone: `9${String(810000000 + i * 7919).padStart(9, '0')}`,
      createdAt: new Date(now.getTime() - daysAgo * DAY_MS - hours * 3_600_000),
    }
  })
}
