import { runMain } from '@medstore/service-kit'
import { cartService } from './service'

await runMain(cartService)
