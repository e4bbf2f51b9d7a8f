/**
 * A hint of how strong a chosen password looks, as the shopper types it: length, variety of characters,
 * and whether it is (or is built on) a well-known password, a name or a simple run. Only a hint: the
 * identity service decides (a strength estimator with large common-password lists), and the form shows
 * its rule and its refusal.
 */

export type StrengthLevel = 'empty' | 'weak' | 'fair' | 'good' | 'strong'

/** What would make it stronger, most important first (message keys: `password.advice.<key>`). */
export type StrengthAdvice = 'length' | 'common' | 'personal' | 'pattern' | 'variety' | 'longer'

export interface PasswordStrength {
  level: StrengthLevel
  /** 0 (empty or weak) to 3 (strong): how many bars of the meter are lit. */
  score: 0 | 1 | 2 | 3
  advice: StrengthAdvice[]
}

/** The contract's minimum (packages/contracts fields: newPassword). */
export const MIN_LENGTH = 8

/**
 * A few of the passwords every list of leaked ones begins with (and Indian favourites): enough for the
 * hint to warn early. The server's list is the complete one.
 */
const COMMON = new Set([
  'password',
  'passw0rd',
  'password1',
  'password123',
  'qwerty',
  'qwertyuiop',
  'qwerty123',
  'asdfghjkl',
  'iloveyou',
  'welcome',
  'welcome123',
  'admin',
  'admin123',
  'letmein',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'cricket',
  'india',
  'india123',
  'bharat',
  'krishna',
  'ganesh',
  'sairam',
  'omsairam',
  'jaihind',
  'mumbai',
  'delhi',
  'abc123',
  'abcd1234',
  'trustno1',
  'superman',
  'medicine',
  'medstore',
])

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm']

/** The password with its leetspeak undone and the digits and symbols around a word taken off. */
function core(password: string): string {
  const plain = password
    .toLowerCase()
    .replace(/@/g, 'a')
    .replace(/\$/g, 's')
    .replace(/0/g, 'o')
    .replace(/1/g, 'i')
    .replace(/3/g, 'e')
  return plain.replace(/^[^a-z]+|[^a-z]+$/g, '')
}

/** One character repeated, or a run along the alphabet, the digits or a keyboard row (either way). */
function isSimpleRun(password: string): boolean {
  const text = password.toLowerCase()
  if (/^(.)\1*$/.test(text)) return true
  if (/^(.{1,3})\1+$/.test(text)) return true
  return SEQUENCES.some((row) => row.includes(text) || [...row].reverse().join('').includes(text))
}

function isCommon(password: string): boolean {
  const lower = password.toLowerCase()
  const stem = core(password)
  const words = [lower, lower.replace(/[^a-z]/g, ''), stem, stem.replace(/(.)\1+$/, '$1')]
  return words.some((word) => COMMON.has(word)) || (/^\d+$/.test(password) && isSimpleRun(password))
}

/** The kinds of character used: lower case, upper case, digits, anything else (spaces, symbols, other scripts). */
function variety(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{Ll}\p{Lu}\p{N}]/u].filter((kind) => kind.test(password))
    .length
}

/**
 * How strong `password` looks. `personal`: the shopper's own names and e-mail, which a guesser tries
 * first (parts of three letters or more count).
 */
export function passwordStrength(password: string, personal: readonly string[] = []): PasswordStrength {
  if (!password) return { level: 'empty', score: 0, advice: [] }
  const advice: StrengthAdvice[] = []
  const length = [...password].length
  if (length < MIN_LENGTH || !password.trim()) advice.push('length')
  if (isCommon(password)) advice.push('common')
  const lower = password.toLowerCase()
  const words = personal
    .flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= 3)
  if (words.some((word) => lower.includes(word))) advice.push('personal')
  if (isSimpleRun(password)) advice.push('pattern')
  if (advice.length > 0) return { level: 'weak', score: 0, advice }

  const kinds = variety(password)
  // Length counts most: four unrelated words beat a short mix of symbols.
  const points = (length >= 12 ? 1 : 0) + (length >= 16 ? 1 : 0) + (kinds >= 3 ? 1 : 0) + (kinds >= 2 ? 1 : 0)
  if (kinds < 3 && length < 16) advice.push('variety')
  if (length < 12) advice.push('longer')
  if (points >= 3) return { level: 'strong', score: 3, advice }
  if (points === 2) return { level: 'good', score: 2, advice }
  return { level: 'fair', score: 1, advice }
}
