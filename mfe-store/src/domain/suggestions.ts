/** Suggestions ask the server only once typing pauses, and only for this much text. */
export const SUGGEST_DEBOUNCE_MS = 250
export const SUGGEST_MIN_CHARS = 2
export const SUGGEST_LIMIT = 8

/**
 * The highlighted suggestion after a key press (combobox pattern): arrows move and wrap, Home/End jump;
 * -1 is "none highlighted" (focus stays in the box). Other keys leave it as is.
 */
export function moveActive(active: number, key: string, count: number): number {
  if (count <= 0) return -1
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return Math.min(active, count - 1)
  }
}
