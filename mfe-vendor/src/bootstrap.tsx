// Standalone preview of this remote (http://localhost:3003) in development builds:
//   NODE_ENV=development npm run build -w mfe-vendor && npm run serve -w mfe-vendor
// Production builds use the federation runtime the shell provides, so there the shell is the only way
// in: it loads `./routes` at runtime and renders the elements inside its own router and layout.
import { renderStandalone } from '@medstore/ui/standalone'
import { routes } from './routes.tsx'

renderStandalone(routes)
