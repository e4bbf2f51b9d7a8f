import type { DeliverySettings } from '@medstore/contracts/delivery'

/**
 * The rules a new shop starts with, until the administrator changes them in the back-office (Delivery).
 * - Express: the six metros' PIN areas: Delhi 110, Mumbai 400, Hyderabad 500, Bengaluru 560, Chennai 600,
 *   Kolkata 700. (Lists are kept sorted, as the settings API stores them.)
 * - Not served: the Andaman & Nicobar Islands (744) and Lakshadweep (6825): medicines there go by sea or
 *   air cargo, which we do not book.
 * - Cut-off 14:00 in India: the couriers' afternoon pick-up.
 * - Holidays (besides Sundays), 2026 and 2027: the three national holidays (Republic Day, Independence
 *   Day, Gandhi Jayanti) and the festivals on which couriers close across India (Holi, Good Friday,
 *   Dussehra, Diwali, Christmas). Festival dates follow the central government's holiday lists.
 */
export const DEFAULT_DELIVERY_RULES: DeliverySettings = {
  unservedPrefixes: ['6825', '744'],
  expressPrefixes: ['110', '400', '500', '560', '600', '700'],
  cutoffTime: '14:00',
  holidays: [
    { date: '2026-01-26', name: 'Republic Day' },
    { date: '2026-03-04', name: 'Holi' },
    { date: '2026-04-03', name: 'Good Friday' },
    { date: '2026-08-15', name: 'Independence Day' },
    { date: '2026-10-02', name: 'Gandhi Jayanti' },
    { date: '2026-10-20', name: 'Dussehra' },
    { date: '2026-11-08', name: 'Diwali' },
    { date: '2026-12-25', name: 'Christmas' },
    { date: '2027-01-26', name: 'Republic Day' },
    { date: '2027-03-22', name: 'Holi' },
    { date: '2027-03-26', name: 'Good Friday' },
    { date: '2027-08-15', name: 'Independence Day' },
    { date: '2027-10-02', name: 'Gandhi Jayanti' },
    { date: '2027-10-09', name: 'Dussehra' },
    { date: '2027-10-29', name: 'Diwali' },
    { date: '2027-12-25', name: 'Christmas' },
  ],
}
