import { runMain } from '@medstore/service-kit'
import { orderService } from './service'

await runMain(orderService)
