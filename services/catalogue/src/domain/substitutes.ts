import { savingPercent } from '@medstore/contracts/medicine'
import { toRupees } from '@medstore/contracts/money'

/** What a per-unit comparison needs of a product: its price and how many units its pack holds. */
export type Priced = { pricePaise: number; packUnits: number }

/** Paise per unit (a tablet, a ml, a gram): packs of different sizes compare by it. */
export const unitPaise = (p: Priced): number => p.pricePaise / p.packUnits

/** Rupees per unit as the API shows it, to the paisa (a strip of 15 at ₹30.91 → 2.06). */
export const unitRupees = (p: Priced): number => toRupees(Math.round(unitPaise(p)))

/** How much cheaper per unit `other` is than `asked`, in whole percent (0 when it is not cheaper). */
export const unitSaving = (other: Priced, asked: Priced): number =>
  savingPercent(unitPaise(other), unitPaise(asked))
