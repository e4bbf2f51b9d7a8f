/**
 * A JSON call to the shop's gateway as the browser tests make them beside the browser: signed in as a
 * stored profile when given one, a JSON body when given one. A refusal throws with its status and answer.
 */
export async function callGateway<T>(
  gatewayUrl: string,
  method: string,
  path: string,
  who?: { token: string },
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `bearer ${who.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}
