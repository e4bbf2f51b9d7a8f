#!/usr/bin/env node
// Runs before `npm start` and `npm test` (prestart/pretest), possibly on a fresh clone with no node_modules,
// so it uses nothing but Node itself.
//  1. `npm install` when node_modules is missing or package-lock.json changed since the last install
//     (npm records that install in node_modules/.package-lock.json). Not `npm ci`: it fails on this
//     lockfile's optional platform-specific packages.
//  2. `tsx scripts/generate.ts`: Prisma clients for services whose schema changed.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function mtime(path) {
  try {
    return statSync(path).mtimeMs
  } catch {
    return undefined
  }
}

function installReason() {
  if (!existsSync(join(root, 'node_modules'))) return 'node_modules is missing'
  const installed = mtime(join(root, 'node_modules', '.package-lock.json'))
  if (installed === undefined) return 'node_modules/.package-lock.json is missing'
  const lock = mtime(join(root, 'package-lock.json'))
  if (lock === undefined) return 'package-lock.json is missing'
  if (lock > installed) return 'package-lock.json changed since the last install'
  if (!existsSync(join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'))) return 'tsx is missing'
  return undefined
}

// package.json's engines; npm only warns about them, and only for dependencies, so say it once here.
const nodeMajor = Number(process.versions.node.split('.')[0])
if (nodeMajor < 22)
  console.warn(
    `[install] Node.js ${process.versions.node} is past its end of life; Medicine Store is built and tested on Node 22 or 24 (README).`,
  )

function runOrExit(command, args, label) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
    shell: process.platform === 'win32' && command === npm,
  })
  if (result.error) {
    console.error(`ensure-install: ${label} could not run: ${result.error.message}`)
    process.exit(1)
  }
  if (result.status !== 0) {
    console.error(`ensure-install: ${label} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status ?? 1)
  }
}

const reason = installReason()
if (reason) {
  const begin = Date.now()
  console.log(`ensure-install: ${reason}; running npm install`)
  runOrExit(npm, ['install', '--no-audit', '--no-fund'], 'npm install')
  console.log(`ensure-install: npm install took ${((Date.now() - begin) / 1000).toFixed(1)} s`)
}

runOrExit(
  process.execPath,
  [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/generate.ts'],
  'generate',
)
