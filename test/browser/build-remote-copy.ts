/**
 * A new version of a remote, built apart from the checked-in one: its sources copied under
 * `test-results/`, changed by the test (extra files, its own exposes and route list), then built with
 * the same rspack CLI and config factory as `npm run build -w <remote>`. The checked-in remote and the
 * shell are not touched, so a test can serve old and new side by side, as a real rollout does.
 */
import { spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type RemoteApp, repoRoot } from '@medstore/mf-config/apps'

export interface RemoteCopy {
  /** The copy's directory (named like the remote: the config factory looks the app up by name). */
  dir: string
  /** Its build output, to serve. */
  dist: string
}

export interface RemoteCopyChanges {
  /** Files to add or replace in the copy, by path relative to it (e.g. `src/next-routes.tsx`). */
  files: Record<string, string>
  /** The body of the copy's rspack.config.ts (it may import from `./src/...`). */
  rspackConfig: string
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000)
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr}`)),
    )
  })
}

export async function buildRemoteCopy(app: RemoteApp, changes: RemoteCopyChanges): Promise<RemoteCopy> {
  // Inside the repository, so the copy resolves the workspace's node_modules as the remote does.
  const parent = path.join(repoRoot, 'test-results', 'remote-copies')
  await mkdir(parent, { recursive: true })
  const dir = path.join(await mkdtemp(path.join(parent, `${app.id}-`)), app.id)
  await cp(path.join(app.dir, 'src'), path.join(dir, 'src'), { recursive: true })
  await cp(path.join(app.dir, 'package.json'), path.join(dir, 'package.json'))
  for (const [file, text] of Object.entries(changes.files)) await writeFile(path.join(dir, file), text)
  await writeFile(path.join(dir, 'rspack.config.ts'), changes.rspackConfig)
  const cli = path.join(repoRoot, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js')
  await run(process.execPath, [cli, 'build', '-c', path.join(dir, 'rspack.config.ts')], dir)
  return { dir, dist: path.join(dir, 'dist') }
}
