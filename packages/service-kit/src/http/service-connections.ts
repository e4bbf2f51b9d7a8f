import { Agent } from 'undici'

/**
 * The pool of keep-alive connections a process uses for its calls to other services (the gateway's proxy,
 * the order service's stock reservations): one way to keep connections between services, through undici's
 * dispatcher, which parses an answer without building node:http's request and response objects.
 *
 * An idle connection is retired a second before the service's announced `Keep-Alive: timeout`: a call sent
 * on a connection the service is just closing would die with ECONNRESET ("socket hang up"), which was the
 * gateway's 503s and the order service's failed reservations of issue 16.
 *
 * A subpath of its own (`@medstore/service-kit/service-connections`), so the services that call no other
 * service do not load undici.
 */
export function serviceConnections(options: { connections?: number } = {}): Agent {
  return new Agent({ keepAliveTimeoutThreshold: 1_000, ...options })
}
