import { runMain } from '@medstore/service-kit'
import { prescriptionService } from './service'

await runMain(prescriptionService)
