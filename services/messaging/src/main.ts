import { runMain } from '@medstore/service-kit'
import { messagingService } from './service'

await runMain(messagingService)
