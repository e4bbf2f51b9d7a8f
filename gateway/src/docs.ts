import { createHash } from 'node:crypto'
import type { OpenApiDocument } from '@medstore/contracts/openapi'
import { type RequestHandler, Router } from 'express'

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#1d2733}
h1{margin:0 0 4px}h2{margin:32px 0 8px;text-transform:capitalize;border-bottom:1px solid #dde3ea}
.op{border:1px solid #dde3ea;border-radius:8px;margin:12px 0;padding:0}
.op>summary{cursor:pointer;padding:10px 12px;display:flex;gap:10px;align-items:center}
.m{font:700 12px monospace;text-transform:uppercase;padding:3px 8px;border-radius:4px;color:#fff;min-width:52px;text-align:center}
.get{background:#2f7d32}.post{background:#1565c0}.put{background:#ef6c00}.delete{background:#c62828}
.p{font-family:monospace;font-weight:600}.a{margin-left:auto;font-size:12px;color:#555}
.body{padding:0 14px 12px}pre{background:#f5f7fa;padding:10px;border-radius:6px;overflow:auto;font-size:12px}
table{border-collapse:collapse}td,th{border-bottom:1px solid #eee;padding:4px 10px 4px 0;text-align:left;vertical-align:top}
.alias{font-size:12px;color:#8a5a00}`

/** A self-contained HTML rendering of the OpenAPI document (no scripts, no external resources). */
export function renderDocs(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>()
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item) as Array<[string, Record<string, unknown>]>) {
      const tag = (op.tags as string[] | undefined)?.[0] ?? 'other'
      const section = byTag.get(tag) ?? []
      section.push(renderOperation(path, method, op))
      byTag.set(tag, section)
    }
  }
  const sections = [...byTag]
    .map(([tag, ops]) => `<section><h2 id="${html(tag)}">${html(tag)}</h2>${ops.join('')}</section>`)
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${html(doc.info.title)}</title><style>${STYLE}</style></head><body>
<h1>${html(doc.info.title)} <small>${html(doc.info.version)}</small></h1>
<p>${html(doc.info.description)}</p><p>Server: <code>${html(doc.servers[0]?.url ?? '')}</code> · machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${doc.openapi})</p>
${sections}</body></html>`
}

function renderOperation(path: string, method: string, op: Record<string, unknown>): string {
  const access = String(op['x-access'])
  const alias = op['x-documented'] === false ? ' <span class="alias">(addition)</span>' : ''
  const params = (op.parameters as Array<Record<string, unknown>>) ?? []
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${html(String(p.name))}</code></td><td>${html(String(p.in))}</td><td>${p.required ? 'required' : 'optional'}</td><td><code>${html(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('')
  const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined
  const bodyHtml = body
    ? Object.entries(body.content)
        .map(
          ([type, { schema }]) =>
            `<h4>Request body (${html(type)})</h4><pre>${html(JSON.stringify(schema, null, 2))}</pre>`,
        )
        .join('')
    : ''
  const responses = Object.entries(op.responses as Record<string, Record<string, unknown>>)
    .map(([status, r]) => {
      const content = r.content as Record<string, { schema: unknown }> | undefined
      const schema = content?.['application/json']?.schema
      const shown =
        schema && !(schema as { $ref?: string }).$ref
          ? `<pre>${html(JSON.stringify(schema, null, 2))}</pre>`
          : ''
      return `<tr><td><b>${html(status)}</b></td><td>${html(String(r.description))}${shown}</td></tr>`
    })
    .join('')
  return `<details class="op" id="${html(String(op.operationId))}"><summary><span class="m ${html(method)}">${html(method)}</span><span class="p">${html(path)}</span><span>${html(String(op.summary))}${alias}</span><span class="a">${html(access)}</span></summary><div class="body">
${paramRows ? `<h4>Parameters</h4><table>${paramRows}</table>` : ''}${bodyHtml}<h4>Responses</h4><table>${responses}</table></div></details>`
}

/** GET /openapi.json and GET /docs, rendered once at start (the routes do not change while running). */
export function docsRouter(doc: OpenApiDocument): Router {
  const json = JSON.stringify(doc)
  const html = renderDocs(doc)
  // The page's only inline content is its stylesheet; the CSP names exactly that and nothing else.
  const styleHash = createHash('sha256').update(STYLE).digest('base64')
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'`
  const router = Router()
  const sendJson: RequestHandler = (_req, res) => {
    res.type('application/json').send(json)
  }
  router.get('/openapi.json', sendJson)
  router.get('/docs', (_req, res) => {
    res.setHeader('content-security-policy', csp)
    res.type('html').send(html)
  })
  return router
}
