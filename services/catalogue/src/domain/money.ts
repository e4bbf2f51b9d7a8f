/** Rupees (at most 2 decimals, already validated) to integer paise, without floating-point drift. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100)
}

/** Integer paise to rupees as a number with at most 2 decimals. */
export function paiseToRupees(paise: number): number {
  return paise / 100
}
