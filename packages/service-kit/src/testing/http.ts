export type TestRequest = {
  method?: string
  token?: string
  json?: unknown
  form?: FormData
  headers?: Record<string, string>
}

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies field by field
export type TestReply = { status: number; headers: Headers; body: any; text: string }

/** One HTTP call the way the front ends make it: bearer token, JSON or multipart body, JSON answer. */
export async function httpRequest(url: string, init: TestRequest = {}): Promise<TestReply> {
  const headers: Record<string, string> = { ...init.headers }
  if (init.token) headers.authorization = `bearer ${init.token}`
  let body: BodyInit | undefined
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.json)
  } else if (init.form) body = init.form
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body })
  const text = await res.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: res.status, headers: res.headers, body: json, text }
}
