import type { PoolConfig } from 'pg'

/**
 * Splits a postgres:// URL into discrete pg options. pg lets a connectionString win over a
 * `database` override, so anything that needs "same server, other database" must use this form.
 */
export function pgConfigFromUrl(url: string): PoolConfig {
  const u = new URL(url)
  const schema = u.searchParams.get('schema')
  return {
    host: decodeURIComponent(u.hostname) || '127.0.0.1',
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || 'postgres',
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  }
}

/** The URL of another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${encodeURIComponent(database)}`
  return u.toString()
}
