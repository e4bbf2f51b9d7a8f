const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** `₹` with 2 decimals and Indian digit grouping: 123456.5 → `₹1,23,456.50`, -5 → `-₹5.00`. */
export function formatRupees(amount: number): string {
  if (!Number.isFinite(amount)) return '₹—'
  const text = rupees.format(Math.abs(amount))
  return amount < 0 && text !== '0.00' ? `-₹${text}` : `₹${text}`
}

/** A price in rupees (amounts travel as rupee numbers; the services store paise). */
export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className}>{formatRupees(amount)}</span>
}
