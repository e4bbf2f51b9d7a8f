import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { thisPagesRoutesSettled } from './federation/startEarly.ts'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
// The first paint (index.html) stays until the page's remote is in; React's first render then replaces
// it (createRoot clears the container) with the same frame and the page itself.
void thisPagesRoutesSettled().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
