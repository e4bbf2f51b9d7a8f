/**
 * Runtime plugin: the manifest of the page's remote is the one index.html already asked for, if it did
 * (src/firstPaint/boot.ts leaves it on web-client's early-request seam as a read without a token, and
 * preloads the remote's code from it). Taken once: any other fetch of a manifest, and a retry, goes to
 * the network as before; a failed early answer fails the load as the runtime's own fetch would.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime'
import { earlySeam } from './earlySeam.ts'

export const earlyManifestPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'medstore-early-manifest',
  fetch(url) {
    return earlySeam()?.take(url, null)
  },
})
