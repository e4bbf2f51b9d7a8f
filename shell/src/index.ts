import './zod-jitless'
import { preloadThisPagesRemote } from './federation/startEarly.ts'

// The page's remote starts loading now, alongside the chunks bootstrap needs (it was a chain after them).
preloadThisPagesRemote()

// Async boundary: shared singletons (react, react-router-dom, ...) are negotiated before bootstrap runs.
import('./bootstrap')
