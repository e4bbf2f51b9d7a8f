import { configure } from '@testing-library/react'

// Component tests wait for debounced input and real HTTP answers; on a busy two-core machine that can take
// longer than testing-library's 1 s default, which made correct tests fail at random.
configure({ asyncUtilTimeout: 10_000 })
