import { runMain } from '@medstore/service-kit'
import { catalogueService } from './service'

await runMain(catalogueService)
