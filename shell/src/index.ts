import './zod-jitless'

// Async boundary: shared singletons (react, react-router-dom, ...) are negotiated before bootstrap runs.
import('./bootstrap')
