import type { ReactNode } from 'react'

/**
 * A small inline line icon (24×24 grid, drawn in the text colour): no icon font or image request on the
 * first render, and no emoji (which Linux browsers without an emoji font draw as empty boxes).
 * Decorative: whatever carries it has its own accessible name or text.
 */
export function Icon({ children, size = 22 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}
