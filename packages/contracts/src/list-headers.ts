/** The headers of a paged list answer. Free of zod: the front ends' first renders read them. */

/** Paged list answers carry the number of matching items in this header (the gateway exposes it to browsers). */
export const TOTAL_COUNT_HEADER = 'x-total-count'

/** Paged list answers also carry RFC 8288 links to the first, previous, next and last pages. */
export const LINK_HEADER = 'link'
