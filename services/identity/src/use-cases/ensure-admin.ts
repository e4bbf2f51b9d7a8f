import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from '@medstore/service-kit'
import { hashPassword, passwordMatches } from '../auth/passwords'
import type { IdentityConfig } from '../config'
import type { UserRepository } from '../data/users'
import { userNameKey } from '../domain/users'
import { userRegistered } from '../events/user-registered'

export const DEFAULT_ADMIN_EMAIL = 'admin@medicine-store.local'
export const ADMIN_CREDENTIALS_FILE = 'admin-credentials.json'

type Credentials = { email: string; password: string }

/**
 * Where the administrator's credentials come from: ADMIN_EMAIL/ADMIN_PASSWORD; in development, when the
 * password is not set, one generated once and kept in DATA_DIR/admin-credentials.json (mode 600). Tests
 * get an administrator only when they ask for one; production requires both (checked in the config).
 */
export function adminCredentials(config: IdentityConfig, logger: Logger): Credentials | undefined {
  if (config.ADMIN_PASSWORD)
    return { email: config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
  if (config.NODE_ENV !== 'development') return undefined
  const file = path.join(config.DATA_DIR, ADMIN_CREDENTIALS_FILE)
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Credentials
    const email = config.ADMIN_EMAIL ?? stored.email
    logger.info({ email, file }, 'administrator: the development password is in this file')
    return { email, password: stored.password }
  }
  const credentials = {
    email: config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
    password: randomBytes(12).toString('base64url'),
  }
  mkdirSync(config.DATA_DIR, { recursive: true })
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  logger.warn(
    { email: credentials.email, file },
    'administrator: ADMIN_PASSWORD is not set, so a password was generated; it is in this file',
  )
  return credentials
}

/**
 * Makes sure the administrator account exists, is an administrator and has the configured password.
 * Run at every start, so changing ADMIN_PASSWORD and restarting changes the password.
 */
export async function ensureAdmin(
  users: UserRepository,
  credentials: Credentials,
  userName: string,
  logger: Logger,
): Promise<void> {
  const email = credentials.email.toLowerCase()
  const existing = await users.findByEmail(email)
  if (!existing) {
    const nameTaken = (await users.taken(email, userNameKey(userName))) === 'userName'
    const name = nameTaken ? `${userName}_${randomBytes(2).toString('hex')}` : userName
    const created = await users.create(
      {
        firstName: 'Store',
        lastName: 'Administrator',
        userName: name,
        userNameKey: userNameKey(name),
        email,
        phone: '',
        passwordHash: await hashPassword(credentials.password),
        isAdmin: true,
      },
      (account) => [userRegistered(account)],
    )
    // Another instance starting at the same moment created it: theirs is as good as ours.
    if (typeof created !== 'string') logger.info({ email, userName: name }, 'administrator account created')
    return
  }
  const changes: { isAdmin?: boolean; passwordHash?: string } = {}
  if (!existing.isAdmin) changes.isAdmin = true
  if (!(await passwordMatches(existing.passwordHash, credentials.password)))
    changes.passwordHash = await hashPassword(credentials.password)
  if (Object.keys(changes).length > 0) {
    await users.update(existing.id, changes)
    logger.info({ email, changed: Object.keys(changes) }, 'administrator account updated')
  }
}
