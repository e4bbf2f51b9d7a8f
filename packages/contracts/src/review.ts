import type { ApiRoute } from './api'

/** The review service's public API: request/response schemas and route descriptors (filled in by its issue). */
export const reviewRoutes: ApiRoute[] = []
