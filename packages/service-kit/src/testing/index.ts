export { createTestDatabase, dropTestDatabases, type TestDatabase, testInfra } from './infra'
export { startTestService, type TestService } from './service'
export { startTcpProxy } from './tcp-proxy'
export { AUDIENCE, ISSUER, startTokenIssuer } from './tokens'
