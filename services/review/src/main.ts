import { runMain } from '@medstore/service-kit'
import { reviewService } from './service'

await runMain(reviewService)
