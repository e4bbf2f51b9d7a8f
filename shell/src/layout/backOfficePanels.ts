// The back-office's panels and their titles: one map, read by the sidebar and the top bar.

/** The sidebar's panels (spec: back-office layout), in the order the pharmacist uses them. */
export const backOfficeLinks = [
  ['dashboard', 'Dashboard'],
  ['allOrders', 'All Orders'],
  ['allProducts', 'All Products'],
  ['categories', 'Categories'],
  ['customers', 'Customers'],
  ['messages', 'Messages'],
  ['suppliers', 'Suppliers'],
] as const

/**
 * The top bar's title for a back-office path: the panel's name from the sidebar's list (the one map
 * of panel to title), or 'Back-office' where no panel is open (e.g. its not-found page).
 */
export function backOfficeTitle(pathname: string): string {
  const [, area, panel, ...rest] = pathname.split('/')
  const link = area === 'vendor' && rest.length === 0 ? backOfficeLinks.find(([p]) => p === panel) : undefined
  return link?.[1] ?? 'Back-office'
}
