import { currentLocale, LOCALES, useLanguage } from './i18n/language.ts'

const rupees = new Map<string, Intl.NumberFormat>()
const rupeesIn = (locale: string): Intl.NumberFormat => {
  let format = rupees.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    rupees.set(locale, format)
  }
  return format
}

/**
 * `₹` with 2 decimals and Indian digit grouping: 123456.5 → `₹1,23,456.50`, -5 → `-₹5.00`, in the page's
 * locale unless given one (en-IN and hi-IN both write Latin digits and lakh grouping).
 */
export function formatRupees(amount: number, locale = currentLocale()): string {
  if (!Number.isFinite(amount)) return '₹—'
  const text = rupeesIn(locale).format(Math.abs(amount))
  return amount < 0 && text !== '0.00' ? `-₹${text}` : `₹${text}`
}

/** A price in rupees (amounts travel as rupee numbers; the services store paise). */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const language = useLanguage()
  return <span className={className}>{formatRupees(amount, LOCALES[language])}</span>
}
