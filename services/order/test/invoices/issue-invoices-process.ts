// One of several processes issuing invoices against the same database at once (invoice-numbering.test.ts):
//   tsx issue-invoices-process.ts <DATABASE_URL> <order id>@<issued-at ISO> ...
// Prints "ready", waits for "go" on stdin so every process starts together, issues each order's invoice
// (retrying one that failed, as a caller would: a failed issue must leave no gap), prints the numbers as JSON.
import { runtimeAdapter } from '@medstore/service-kit/prisma'
import { PrismaClient } from '../../src/generated/prisma/client'
import { invoiceIssuer, issueShippedOrderInvoice } from '../../src/use-cases/invoices'
import { TEST_SELLER } from './fixtures'

const [url, ...jobs] = process.argv.slice(2)
const db = new PrismaClient({ adapter: runtimeAdapter(url!, 2) })
const issuer = invoiceIssuer(TEST_SELLER, 'MS')
await db.$queryRaw`SELECT 1`
process.stdout.write('ready\n')
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()))
process.stdin.destroy()
const started = Date.now()
const issued: { orderId: string; number: string }[] = []
for (const job of jobs) {
  const [orderId, at] = job.split('@') as [string, string]
  for (let attempt = 1; ; attempt++) {
    try {
      const invoice = await issueShippedOrderInvoice(db, issuer, orderId, new Date(at))
      issued.push({ orderId, number: invoice.number })
      break
    } catch (err) {
      if (attempt === 5) throw err
      process.stderr.write(`retrying ${orderId}: ${(err as Error).message.split('\n')[0]}\n`)
    }
  }
}
process.stderr.write(`issued ${issued.length} in ${Date.now() - started} ms\n`)
process.stdout.write(`${JSON.stringify(issued)}\n`)
await db.$disconnect()
