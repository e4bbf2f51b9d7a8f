export { type EventData, type EventType, eventSchemas, orderStatus } from './events'
export { SERVICES, type ServiceName } from './services'
