/**
 * Money crosses the API as rupee numbers (at most 2 decimals) and is stored as integer paise, so sums
 * never drift. These are the only two conversions.
 */
export const toPaise = (rupees: number): number => Math.round(rupees * 100)
export const toRupees = (paise: number): number => paise / 100
