import type { ApiRoute } from './api'

/** The cart service's public API: request/response schemas and route descriptors (filled in by its issue). */
export const cartRoutes: ApiRoute[] = []
