/**
 * Set on #root to the variant index.html painted (`home` | `page`, see ./boot.ts) while the first paint
 * shows; the shell removes it once React's first render has replaced the paint (tests wait for that
 * before they act). Its own module: the app's bundle needs this name, not the boot script's source.
 */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint'

/**
 * Set on #root beside it when index.html filled `<main>` with the page's remote paint (`PagePaint`): the
 * shell's first render then waits for the remote's screen, which draws the same page.
 */
export const FIRST_PAINT_CONTENT_ATTRIBUTE = 'data-first-paint-content'
