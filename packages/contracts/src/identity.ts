import type { ApiRoute } from './api'

/** The identity service's public API: request/response schemas and route descriptors (filled in by its issue). */
export const identityRoutes: ApiRoute[] = []
