// A frame's navigation as its remotes publish it (`navigation` of their `./routes`): the shell knows no
// page of theirs, so a remote adds an entry to the menu by redeploying itself.
import type { NavigationEntry } from '@medstore/remote-contracts'

/** The entries of every remote in a menu (a frame's navigation, the account menu), in menu order. */
export const inMenuOrder = <Entry extends { order: number }>(entries: readonly Entry[]): Entry[] =>
  [...entries].sort((a, b) => a.order - b.order)

/**
 * The top bar's title for a path: the label of the entry for exactly that page, or the frame's own name
 * where no entry's page is open (e.g. its not-found page).
 */
export function frameTitle(entries: readonly NavigationEntry[], pathname: string, frameName: string): string {
  const path = pathname.replace(/(.)\/+$/, '$1')
  return entries.find((entry) => entry.path === path)?.label ?? frameName
}
