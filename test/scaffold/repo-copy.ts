/**
 * A throw-away copy of the repository to change freely: its files (tracked, and new ones not ignored), the
 * generated Prisma clients, and a node_modules whose packages are links to the installed ones, except the
 * workspace links (@medstore/*), which point into the copy, so the copy's packages are the ones it runs.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { findPrismaProjects } from '../../scripts/generate'

export interface RepoCopy {
  root: string
  remove: () => void
}

export function copyRepo(source: string): RepoCopy {
  const root = mkdtempSync(path.join(tmpdir(), 'medstore-copy-'))
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: source,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    try {
      cpSync(path.join(source, file), path.join(root, file), { recursive: true })
    } catch (error) {
      // A tracked file deleted in the working tree is not part of it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  for (const project of findPrismaProjects(source)) {
    const generated = path.join(path.relative(source, project), 'src', 'generated')
    cpSync(path.join(source, generated), path.join(root, generated), { recursive: true })
  }
  const modules = path.join(source, 'node_modules')
  mkdirSync(path.join(root, 'node_modules', '@medstore'), { recursive: true })
  for (const entry of readdirSync(modules)) {
    if (entry !== '@medstore') symlinkSync(path.join(modules, entry), path.join(root, 'node_modules', entry))
  }
  for (const entry of readdirSync(path.join(modules, '@medstore'))) {
    const target = readlinkSync(path.join(modules, '@medstore', entry))
    symlinkSync(target, path.join(root, 'node_modules', '@medstore', entry))
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) }
}
