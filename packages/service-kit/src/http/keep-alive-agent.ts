import http from 'node:http'
import https from 'node:https'

/**
 * An agent that keeps connections to another service open between calls, for a client of that service.
 *
 * `timeout` matters beyond its own value: Node's agent honours a server's `Keep-Alive: timeout=N` (retiring
 * an idle connection a second before the server closes it) only when the agent has a timeout of its own.
 * Without one, a call sent just as the server closed an idle connection dies with ECONNRESET / "socket hang
 * up" (the gateway's 503s of issue 16; the order service's calls to the catalogue had the same race).
 */
export function keepAliveAgent(url: string, options: http.AgentOptions = {}): http.Agent {
  const settings: http.AgentOptions = { keepAlive: true, timeout: 30_000, scheduling: 'lifo', ...options }
  return url.startsWith('https:') ? new https.Agent(settings) : new http.Agent(settings)
}
