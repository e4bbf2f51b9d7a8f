// The Node images' HEALTHCHECK: GET http://127.0.0.1:<port><HEALTH_PATH>, healthy on a 2xx within 2.5 s.
// A file rather than a `node -e` one-liner so every slice (and docker-compose.yml) shares one probe.
// The gateway's own port variable is GATEWAY_PORT; the services' is PORT.
const port = process.env.GATEWAY_PORT || process.env.PORT
const url = `http://127.0.0.1:${port}${process.env.HEALTH_PATH || '/health/ready'}`
fetch(url, { signal: AbortSignal.timeout(2500) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
)
