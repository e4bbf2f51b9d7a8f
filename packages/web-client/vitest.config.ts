import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'web-client',
    include: ['test/**/*.test.{ts,tsx}'],
    // happy-dom per file (`@vitest-environment happy-dom`), as if the page came from the shell's origin.
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
  },
})
