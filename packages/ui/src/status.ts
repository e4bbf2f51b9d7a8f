export interface StatusColour {
  background: string
  text: string
}

/**
 * Badge and select colours per order or item status, including confirmed and completed which only
 * appear as badges (spec section 4). Every pair has at least 4.5:1 contrast (WCAG AA for normal text;
 * a test checks it). One table for the whole shop, so a status looks the same to shopper and pharmacist.
 */
export const STATUS_COLOURS: Readonly<Record<string, StatusColour>> = {
  pending: { background: '#fef3c7', text: '#92400e' },
  processing: { background: '#dbeafe', text: '#1e40af' },
  shipped: { background: '#e0e7ff', text: '#3730a3' },
  delivered: { background: '#dcfce7', text: '#166534' },
  cancelled: { background: '#fee2e2', text: '#991b1b' },
  confirmed: { background: '#cffafe', text: '#155e75' },
  completed: { background: '#d1fae5', text: '#065f46' },
}
const OTHER: StatusColour = { background: '#f1f5f9', text: '#334155' }

/** A status's colours; an unknown status (a newer server) gets a neutral grey pair. */
export function statusColour(status: string): StatusColour {
  return Object.hasOwn(STATUS_COLOURS, status) ? (STATUS_COLOURS[status] as StatusColour) : OTHER
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}
