import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { packagesReached, root } from '../../test/static-imports.ts'

/**
 * What the shell loads of checkout for a first render: its routes module, the checkout page's screen
 * (preloaded with it on /checkout), and the cart panel and badge every storefront page can show. zod
 * (about 25 KB gzipped) is in none of them: the checkout form loads the contract's rules with `import()`
 * when an order is sent, and the constants it needs come from zod-free modules.
 */
const firstRenders = ['src/routes.tsx', 'src/screens/Checkout.tsx', 'src/CartPanel.tsx', 'src/CartSync.tsx']

describe("checkout's first render", () => {
  it.each(firstRenders)('%s does not load zod', (file) => {
    const reached = packagesReached(path.join(root, 'mfe-checkout', file))
    expect(reached.has('react'), 'the walk does reach packages').toBe(true)
    expect(reached.get('zod'), 'zod reached through this chain').toBeUndefined()
  })
})
