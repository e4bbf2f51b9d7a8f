// Standalone preview of this remote (http://localhost:3002) in development builds:
//   NODE_ENV=development npm run build -w mfe-checkout && npm run serve -w mfe-checkout
// Production builds use the federation runtime the shell provides, so there the shell is the only way
// in: it loads `./routes` at runtime and renders the elements inside its own router and layout.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { routes } from './routes.tsx'

const container = document.getElementById('root')
if (container) {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  )
}
