/**
 * The front-end images' runtime documents, from the same implementation as the Node static server
 * (scripts/lib/front-end-documents.ts). The nginx image runs this, bundled (scripts/build-nginx-documents.ts),
 * with plain node at container start (docker/nginx/15-medstore-documents.sh), before the entrypoint fills
 * in the site's template, which includes what it writes: the pages' Content-Security-Policy and, for the
 * shell, `/remotes.json` and `/config.json`. Where the browser's host is needed it writes nginx's `$host`,
 * which nginx fills in per request (the same defaults as in development: each remote at its port, the
 * gateway at :8080, on the host the browser used).
 *
 *   MEDSTORE_SITE=shell|remote  MEDSTORE_HTML_ROOT (/usr/share/nginx/html)  MEDSTORE_NGINX_DOCUMENTS (output)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { INLINE_SCRIPT_HASHES_FILE, parseScriptHashes } from './lib/front-end-csp.ts'
import { type FrontEndSite, pageCsp, remoteTable, runtimeConfig } from './lib/front-end-documents.ts'
import { invokedDirectly } from './lib/invoked-directly.ts'

/** What nginx fills in per request: the host the browser used. */
const NGINX_HOST = '$host'

/** Where the site's template includes the documents from (writable for the unprivileged nginx user). */
export const NGINX_DOCUMENTS_FILE = '/tmp/medstore/documents.conf'

/** A JSON document as an nginx single-quoted string (nginx expands `$host` in it per request). */
const quoted = (json: unknown) => `'${JSON.stringify(json).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`

const jsonLocation = (pathname: string, body: unknown) => `location = ${pathname} {
  default_type application/json;
  include /etc/nginx/snippets/static-headers.conf;
  add_header Cache-Control "no-cache" always;
  return 200 ${quoted(body)};
}`

/** The nginx server-level lines for a site: its CSP variable and, for the shell, its two JSON documents. */
export function nginxDocuments(options: { shell: boolean; env: NodeJS.ProcessEnv; inlineScripts: string[] }) {
  const site: FrontEndSite = { shell: options.shell, env: options.env }
  const csp = pageCsp(site, NGINX_HOST, { inlineScripts: options.inlineScripts })
  const lines = [
    '# Written at container start by scripts/nginx-documents.ts (the Node static server makes the same).',
    `set $medstore_csp "${csp.replaceAll('"', '\\"')}";`,
  ]
  if (options.shell)
    lines.push(
      jsonLocation('/remotes.json', remoteTable(site, NGINX_HOST)),
      jsonLocation('/config.json', runtimeConfig(site, NGINX_HOST)),
    )
  return `${lines.join('\n')}\n`
}

function readInlineScripts(root: string): string[] {
  try {
    return parseScriptHashes(readFileSync(path.join(root, INLINE_SCRIPT_HASHES_FILE), 'utf8'))
  } catch {
    return []
  }
}

if (invokedDirectly(import.meta.url)) {
  const env = process.env
  const out = env.MEDSTORE_NGINX_DOCUMENTS || NGINX_DOCUMENTS_FILE
  const text = nginxDocuments({
    shell: env.MEDSTORE_SITE === 'shell',
    env,
    inlineScripts: readInlineScripts(env.MEDSTORE_HTML_ROOT || '/usr/share/nginx/html'),
  })
  mkdirSync(path.dirname(out), { recursive: true })
  writeFileSync(out, text)
  console.log(`nginx-documents: wrote ${out} (${env.MEDSTORE_SITE === 'shell' ? 'shell' : 'remote'})`)
}
