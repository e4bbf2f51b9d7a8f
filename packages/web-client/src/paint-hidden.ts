/**
 * Marks an element the first paint keeps the room of but does not show (`visibility: hidden` there, see
 * the build side, @medstore/mf-config's paint.ts): it shows something the paint's stand-in data cannot say, such as
 * whether the product is in stock. No effect on the page React draws.
 */
export const PAINT_HIDDEN = { 'data-paint-hidden': '' } as const
