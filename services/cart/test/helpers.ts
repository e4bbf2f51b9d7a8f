/** fetch against the service with an optional bearer token; JSON in and out. */
export function client(baseUrl: string) {
  return async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any }
  }
}
