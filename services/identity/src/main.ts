import { runMain } from '@medstore/service-kit'
import { identityService } from './service'

await runMain(identityService)
