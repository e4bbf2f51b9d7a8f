// @vitest-environment happy-dom

import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { pageTitle, SITE_TITLE, usePageTitle } from '../src/index.ts'

function Titled({ title }: { title?: string }) {
  usePageTitle(title)
  return null
}

describe('page titles', () => {
  it('puts the page first and the site after it; the site alone without a page title', () => {
    expect(pageTitle('Paracetamol 500 mg')).toBe('Paracetamol 500 mg | Medicine Store')
    expect(pageTitle('  ')).toBe(SITE_TITLE)
    expect(pageTitle(undefined)).toBe(SITE_TITLE)
  })

  it('sets the tab title and follows a changed title', () => {
    const view = render(<Titled />)
    expect(document.title).toBe('Medicine Store')
    view.rerender(<Titled title="Sign in" />)
    expect(document.title).toBe('Sign in | Medicine Store')
    view.rerender(<Titled title="Register" />)
    expect(document.title).toBe('Register | Medicine Store')
  })
})
