import { hash, verify } from '@node-rs/argon2'

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, OPTIONS)

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/**
 * Checked when no account has the email, so that a wrong email costs as long as a wrong password and
 * the answer time does not tell which accounts exist.
 */
let decoy: Promise<string> | undefined
export async function spendVerifyTime(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password that matches nothing')
  await passwordMatches(await decoy, password)
}
