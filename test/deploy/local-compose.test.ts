/**
 * scripts/local-compose.ts: docker-compose.yml rewritten for the local bases (docker/local-bases) and Debian's
 * docker-compose 1.29, which then accepts it (`docker-compose config -q`, when that program is installed).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { SLICES } from '../../deploy/k8s/slices'
import { LOCAL_IMAGES, localCompose, sliceImage } from '../../scripts/local-compose'
import { type ComposeFile, parseYaml, readRepoFile, repoRoot } from './files'

const composeFile = parseYaml(readRepoFile('docker-compose.yml')) as ComposeFile
const compose = composeFile as unknown as Parameters<typeof localCompose>[0]
const local = localCompose(compose, (name) => `/secrets/${name}`) as unknown as ComposeFile & {
  name?: string
}

describe('scripts/local-compose.ts', () => {
  it('builds every slice on the local bases, as medstore/<slice>:local', () => {
    for (const slice of SLICES) {
      const service = local.services[slice.name]
      expect(service?.image, slice.name).toBe(sliceImage(slice.name))
      // Both: a front end's build stages run on the Node image too.
      expect(service?.build?.args, slice.name).toMatchObject({
        NODE_IMAGE: LOCAL_IMAGES.node,
        NGINX_IMAGE: LOCAL_IMAGES.nginx,
        SLICE: slice.path,
      })
    }
    expect(local.services.postgres?.image).toBe(LOCAL_IMAGES.postgres)
    expect(local.services.rabbitmq?.image).toBe(LOCAL_IMAGES.rabbitmq)
    expect(local.services.rabbitmq?.ports).toBeUndefined()
  })

  it('leaves out what docker-compose 1.29 does not read, and changes nothing else', () => {
    expect(local.name).toBeUndefined()
    expect(local.secrets).toEqual({ jwt_private_key: { file: '/secrets/jwt_private_key' } })
    const identity = local.services.identity?.environment ?? {}
    expect(identity.ADMIN_EMAIL).toBe(composeFile.services.identity?.environment?.ADMIN_EMAIL)
    expect(identity.DATABASE_URL).toBe(composeFile.services.identity?.environment?.DATABASE_URL)
    expect(local.services.gateway?.depends_on).toEqual(composeFile.services.gateway?.depends_on)
    expect(Object.keys(local.services)).toEqual(Object.keys(composeFile.services))
  })

  it('replaces a default whose variable is unset here by the default itself, `$$` kept for compose', () => {
    // docker-compose 1.x would hand nginx `$$host` from inside a default; outside one it unescapes `$$`.
    expect(local.services.shell?.environment?.PUBLIC_API_URL).toBe('http://$$host:8080')
    const withUrl = localCompose(compose, (name) => name, { PUBLIC_API_URL: 'https://api.example.in' })
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Compose interpolation, not a template
    const unresolved = '${PUBLIC_API_URL:-http://$$host:8080}'
    expect(withUrl.services.shell?.environment).toMatchObject({ PUBLIC_API_URL: unresolved })
  })

  it('resolves the defaults nested in defaults (public URLs from public ports), which 1.x cannot read', () => {
    const ports = { GATEWAY_PUBLIC_PORT: '18080', SHELL_PUBLIC_PORT: '13000', MFE_STORE_PUBLIC_PORT: '13001' }
    const moved = localCompose(compose, (name) => name, ports) as unknown as ComposeFile
    expect(moved.services.shell?.environment).toMatchObject({
      PUBLIC_API_URL: 'http://$$host:18080',
      REMOTE_STORE_URL: 'http://$$host:13001/mf-manifest.json',
      REMOTE_CHECKOUT_URL: 'http://$$host:3002/mf-manifest.json',
    })
    expect(moved.services.catalogue?.environment?.PUBLIC_API_URL).toBe('http://localhost:18080')
    expect(moved.services.order?.environment?.SHELL_URL).toBe('http://localhost:13000')
    expect(moved.services.gateway?.environment?.CORS_ORIGINS).toBe('http://localhost:13000')
    // A password stays for compose to interpolate: nothing secret is written into the file.
    expect(moved.services.order?.environment?.DATABASE_URL).toBe(
      composeFile.services.order?.environment?.DATABASE_URL,
    )
    const withShell = localCompose(compose, (name) => name, { SHELL_URL: 'https://shop.example.in' })
    expect(withShell.services.gateway?.environment).toMatchObject({ CORS_ORIGINS: 'https://shop.example.in' })
  })

  it('has no `${` left inside a default anywhere', () => {
    const nested = /\$\{[A-Za-z_][A-Za-z0-9_]*:-[^}]*\$\{/
    expect(stringify(local)).not.toMatch(nested)
  })

  const dockerCompose = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' })
  it.skipIf(dockerCompose.status !== 0)('is a file docker-compose 1.x accepts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'medstore-local-compose-'))
    try {
      const file = path.join(dir, 'compose.local.yml')
      writeFileSync(file, stringify(local))
      const env = { ...process.env, ADMIN_EMAIL: 'a@example.in', ADMIN_PASSWORD: 'x' }
      const args = ['-p', 'medstore', '--project-directory', repoRoot, '-f', file, 'config', '-q']
      const result = spawnSync('docker-compose', args, { encoding: 'utf8', env })
      expect(result.stderr).toBe('')
      expect(result.status).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
