import type { ReservationRefused } from '@medstore/contracts/stock'
import { Conflict } from '@medstore/service-kit'

export type Shortage = ReservationRefused['shortages'][number]

/**
 * Fewer units are left than asked for (409, code `out_of_stock`); each short line is named. The catalogue
 * refuses a reservation with it, and the order service passes the catalogue's message and lines on unchanged.
 */
export class OutOfStock extends Conflict {
  constructor(
    message: string,
    readonly shortages: Shortage[],
  ) {
    super(message, { code: 'out_of_stock', details: { shortages } })
  }
}
