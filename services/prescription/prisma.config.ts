import { servicePrismaConfig } from '@medstore/service-kit/prisma-config'

export default servicePrismaConfig(import.meta.dirname)
