import './zod-jitless'
import { initialLanguage, kitMessages } from '@medstore/ui/early'
import { preloadThisPagesRemote } from './federation/startEarly.ts'
import { messages } from './locales/index.ts'

// The page's remote starts loading now, alongside the chunks bootstrap needs (it was a chain after them).
preloadThisPagesRemote()

// So do the page language's messages (the shell's and the kit's): the first render waits for them
// (bootstrap.tsx), and the catalogues then find their chunks loaded. A failure is the catalogue's to report.
const language = initialLanguage()
for (const load of [messages[language], kitMessages[language]]) load().catch(() => {})

// Async boundary: shared singletons (react, react-router-dom, ...) are negotiated before bootstrap runs.
import('./bootstrap')
