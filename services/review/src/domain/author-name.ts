export type AuthorName = { firstName: string; lastName: string }

/**
 * First and last name from a full name, split at the first space ("Asha Rani Rao" → "Asha" /
 * "Rani Rao"). identity's user.registered and the token carry only the joined name; a one-word name
 * leaves the last name empty.
 */
export function splitFullName(fullName: string): AuthorName {
  const trimmed = fullName.trim().replace(/\s+/g, ' ')
  const space = trimmed.indexOf(' ')
  if (space === -1) return { firstName: trimmed, lastName: '' }
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) }
}

/**
 * The name a review is signed with: the registered first/last name when this service has seen the
 * user's registration, else the name in the token, else (a token with no name) the user name.
 */
export function authorName(
  registered: AuthorName | undefined,
  token: { name: string; userName: string },
): AuthorName {
  if (registered && registered.firstName.trim() !== '') return registered
  const fromToken = splitFullName(token.name)
  if (fromToken.firstName !== '') return fromToken
  return { firstName: token.userName.trim() || 'Customer', lastName: '' }
}

/**
 * How a review is signed in public: the first name and the initial of the last ("Asha Rao" → "Asha" /
 * "R."), as Indian shops show reviewers; the full name stays with the review, shown to no one.
 */
export function publicAuthorName(name: AuthorName): AuthorName {
  const initial = Array.from(name.lastName.trim())[0]
  return { firstName: name.firstName, lastName: initial ? `${initial.toLocaleUpperCase('en-IN')}.` : '' }
}
