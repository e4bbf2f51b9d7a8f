/** The id of each page frame's <main>, the skip link's target. */
export const MAIN_ID = 'main-content'

/**
 * The first thing Tab reaches: 'Skip to content' jumps over the header to the page's <main> (shown
 * only while focused; styled by the UI kit's `.skip-link`).
 */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      Skip to content
    </a>
  )
}
