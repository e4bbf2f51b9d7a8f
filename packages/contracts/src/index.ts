export type { Access, ApiRoute } from './api'
export { type EventData, type EventType, eventSchemas, orderStatus } from './events'
export { API_ROUTES } from './routes'
export { SERVICES, type ServiceName } from './services'
