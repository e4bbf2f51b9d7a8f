// The Docker engine and Compose as `npm run deploy:smoke` drives them: which Compose there is, running a
// command with its output in the run's log, container health, image sizes.
import { spawn, spawnSync } from 'node:child_process'
import { appendFileSync } from 'node:fs'

export interface Run {
  code: number
  output: string
}

/** Runs a command to the end; its output is appended to `logFile` and returned. */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; logFile: string; cwd: string },
): Promise<Run> {
  return new Promise((resolve) => {
    appendFileSync(options.logFile, `\n$ ${command} ${args.join(' ')}\n`)
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      appendFileSync(options.logFile, chunk)
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.on('error', (error) => resolve({ code: 127, output: `${output}${error.message}` }))
    child.on('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

/** A quick command's trimmed output, or undefined when it failed. */
export function quick(command: string, args: readonly string[], timeoutMs = 20_000): string | undefined {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: timeoutMs })
  return result.status === 0 ? result.stdout.trim() : undefined
}

export const engineAnswers = (): boolean =>
  quick('docker', ['info', '--format', '{{.ServerVersion}}']) !== undefined

/** `docker compose` (v2) when the plugin is there, else Debian's `docker-compose` 1.x, else undefined. */
export function composeCommand(): string[] | undefined {
  if (quick('docker', ['compose', 'version']) !== undefined) return ['docker', 'compose']
  if (quick('docker-compose', ['version', '--short']) !== undefined) return ['docker-compose']
  return undefined
}

export const imageExists = (image: string): boolean =>
  quick('docker', ['image', 'inspect', image]) !== undefined

/** Per container of the project: its service and health (or state when it has no health check). */
export function containerHealth(project: string): Array<{ id: string; service: string; health: string }> {
  const ids = quick('docker', ['ps', '-aq', '--filter', `label=com.docker.compose.project=${project}`])
  if (!ids) return []
  const format =
    '{{.Id}} {{index .Config.Labels "com.docker.compose.service"}} {{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}'
  const lines = quick('docker', ['inspect', '--format', format, ...ids.split('\n')]) ?? ''
  return lines
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id = '', service = '', health = ''] = line.split(' ')
      return { id, service, health }
    })
}

/** The size in bytes of the image a service's container runs. */
export function imageBytesOf(containerId: string): number | undefined {
  const image = quick('docker', ['inspect', '--format', '{{.Image}}', containerId])
  const size = image && quick('docker', ['image', 'inspect', '--format', '{{.Size}}', image])
  return size ? Number(size) : undefined
}
