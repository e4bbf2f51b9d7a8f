/** The deployment files the deploy tests read, parsed once. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'

export const repoRoot = path.resolve(import.meta.dirname, '..', '..')

export const readRepoFile = (relative: string) => readFileSync(path.join(repoRoot, relative), 'utf8')

/** YAML with anchors and `<<` merge keys resolved, as Compose reads it. */
export const parseYaml = (text: string): unknown => parse(text, { merge: true })

/** The parts of a Compose file the rules look at (the schema checks the rest). */
export interface ComposeService {
  image?: string
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> }
  healthcheck?: { test?: string[] | string; interval?: string }
  depends_on?: Record<string, { condition?: string }> | string[]
  environment?: Record<string, string>
  secrets?: string[]
  ports?: string[]
}
export interface ComposeFile {
  services: Record<string, ComposeService>
  secrets?: Record<string, { environment?: string; file?: string }>
  volumes?: Record<string, unknown>
}

/** Dockerfile stages by name (`FROM image AS name`), each with its instruction lines (continuations joined). */
export function dockerfileStages(text: string): Record<string, string[]> {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
  const stages: Record<string, string[]> = {}
  let current: string[] | undefined
  for (const line of lines) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)$/i.exec(line)
    if (from?.[1]) {
      current = [line]
      stages[from[1]] = current
    } else current?.push(line)
  }
  return stages
}
