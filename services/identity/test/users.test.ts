import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, client, type Identity, registered, startIdentity } from './support'

let identity: Identity
let api: ReturnType<typeof client>
let adminToken: string
let customers: Array<Awaited<ReturnType<typeof registered>>>

beforeAll(async () => {
  identity = await startIdentity()
  api = client(identity)
  adminToken = (await (await api.login(ADMIN.email, ADMIN.password)).json()).token
  customers = []
  for (const firstName of ['Meera', 'Kabir', 'Meenal', 'Arjun'])
    customers.push(
      await registered(identity, { firstName, userName: `${firstName.toLowerCase()}_${customers.length}` }),
    )
})
afterAll(() => identity?.close())

type Listed = { _id: string; userName: string; email: string; createdAt: string }

describe('GET /user', () => {
  it('answers a guest with 401', async () => {
    const res = await api.users()
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Please sign in to continue', code: 'unauthenticated' })
  })

  it('answers a customer with 403', async () => {
    const res = await api.users(customers[0]!.token)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: 'Only administrators can do this', code: 'forbidden' })
  })

  it('gives an administrator every user, newest first, with the documented fields and no secrets', async () => {
    const res = await api.users(adminToken)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toMatch(/argon2|password/i)
    const users = JSON.parse(text) as Listed[]
    expect(users).toHaveLength(customers.length + 1)
    expect(res.headers.get('x-total-count')).toBe(String(customers.length + 1))
    const arjun = customers[3]!
    expect(users[0]).toEqual({
      _id: arjun.userInfo.id,
      firstName: 'Arjun',
      lastName: 'Rao',
      userName: arjun.body.userName,
      email: arjun.body.email,
      phone: '9876543210',
      isAdmin: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
    expect(users.at(-1)).toMatchObject({ email: ADMIN.email, isAdmin: true })
    const dates = users.map((u) => u.createdAt)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('searches user name, email and names case-insensitively with q', async () => {
    const res = await api.users(adminToken, '?q=MEE')
    const users = (await res.json()) as Listed[]
    expect(users.map((u) => u.userName).sort()).toEqual(['meenal_2', 'meera_0'])
    expect(res.headers.get('x-total-count')).toBe('2')
  })

  it('takes % and _ in q as the characters themselves, not as wildcards', async () => {
    const percent = await api.users(adminToken, '?q=%25')
    expect(await percent.json()).toEqual([])
    const underscore = (await (await api.users(adminToken, '?q=_')).json()) as Listed[]
    // The four customers' user names hold an underscore; the administrator's fields hold none.
    expect(underscore.map((u) => u.userName).sort()).toEqual(['arjun_3', 'kabir_1', 'meenal_2', 'meera_0'])
  })

  it('pages with page and limit, the total in X-Total-Count', async () => {
    const first = await api.users(adminToken, '?page=1&limit=2')
    const second = await api.users(adminToken, '?page=2&limit=2')
    const third = await api.users(adminToken, '?page=3&limit=2')
    const pages = [first, second, third]
    const [a, b, c] = (await Promise.all(pages.map((r) => r.json()))) as Listed[][]
    expect([a!.length, b!.length, c!.length]).toEqual([2, 2, 1])
    expect(first.headers.get('x-total-count')).toBe('5')
    const ids = [...a!, ...b!, ...c!].map((u) => u._id)
    expect(new Set(ids).size).toBe(5)
  })

  it.each([
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit must be a whole number from 1 to 100'],
    ['?limit=ten', 'limit must be a whole number from 1 to 100'],
    ['?page=0', 'page must be a whole number of at least 1'],
    ['?page=1.5', 'page must be a whole number of at least 1'],
    [`?q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
  ])('answers %s with 400', async (query, message) => {
    const res = await api.users(adminToken, query)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe(message)
  })
})
