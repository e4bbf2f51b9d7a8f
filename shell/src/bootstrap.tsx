import { cataloguesReady } from '@medstore/ui'
import { useProfileStore } from '@medstore/web-client'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { accountMenuSettled, readAccountMenu } from './federation/accountMenu.ts'
import { thisPagesRoutesSettled } from './federation/startEarly.ts'
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_CONTENT_ATTRIBUTE } from './firstPaint/marker.ts'
import './i18n.ts'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
// index.html painted the page already (src/firstPaint). On `/` that paint holds the store's hero: the first
// render waits for the store's routes, so React replaces it with the same hero rather than with a Loading
// box. Elsewhere the paint is the frame with the shell's Loading box, which is what React draws at once.
// createRoot clears the container when it first commits.
// Where index.html painted the remote's own page (its `PagePaint`, filled from the page's early read), the
// same: the remote's screen draws that page from the same answer at its first render.
const painted = container.getAttribute(FIRST_PAINT_ATTRIBUTE)
const waitForPage =
  painted === 'home' || container.hasAttribute(FIRST_PAINT_CONTENT_ATTRIBUTE)
    ? thisPagesRoutesSettled()
    : undefined
// Every page waits for its language's messages (the shell's and the kit's, fetched since index.ts ran):
// the first render is in the page's language, never English first for a Hindi reader.
// A signed-in user's page waits for the account menu's entries too (the remotes' routes.json): the menu
// they can open holds them from the first render on. A guest has no menu: their page reads the entries
// once it has loaded, not competing with it, long before a sign-in can open the menu.
const signedIn = useProfileStore.getState().profile !== null
if (!signedIn) {
  if (document.readyState === 'complete') void readAccountMenu()
  else window.addEventListener('load', () => void readAccountMenu(), { once: true })
}
void Promise.all([waitForPage, cataloguesReady(), signedIn ? accountMenuSettled() : undefined]).then(() => {
  const root = createRoot(container)
  // As a transition the first render yields to the browser every few milliseconds instead of holding the
  // main thread for the whole tree: the painted page stays on screen (and responsive) until React commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
})
