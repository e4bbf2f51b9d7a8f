import { cataloguesReady } from '@medstore/ui'
import { type ComponentType, lazy } from 'react'

/**
 * A shell page loaded when opened: rendered once its code and its messages in the page's language (the
 * catalogue its module defines, e.g. the policy pages') are in, so it never shows blank or other texts.
 */
export function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return lazy(async () => {
    const module = await load()
    await cataloguesReady()
    return { default: pick(module) }
  })
}
