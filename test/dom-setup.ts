import { cataloguesReady } from '@medstore/ui'
import { configure } from '@testing-library/react'
import { beforeAll } from 'vitest'

// Component tests wait for debounced input and real HTTP answers; on a busy two-core machine that can take
// longer than testing-library's 1 s default, which made correct tests fail at random.
configure({ asyncUtilTimeout: 10_000 })

// Each language's messages are a chunk the page fetches before its first render (the shell's bootstrap,
// a remote's `ready`); a test file's catalogues are defined once its imports have run, so this waits for
// them as the app does before rendering.
beforeAll(() => cataloguesReady())
