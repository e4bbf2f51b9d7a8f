/**
 * The slices as Kubernetes runs them: one table that deploy/k8s/base-manifests.ts turns into the kustomize
 * base (a Deployment, Service and PodDisruptionBudget each, an HPA for the three that scale with traffic).
 * The slices and their ports come from the lists the code uses (SERVICES in packages/contracts, the web apps
 * in packages/mf-config); a service listed there and nowhere here runs with the defaults below.
 * Resource figures: docs/scaling.md says where they come from.
 */
import { SERVICES, type ServiceName } from '@medstore/contracts/services'
import { remoteApps, shellApp } from '@medstore/mf-config/apps'

export type SliceKind = 'node' | 'web'

export interface Resources {
  requests: { cpu: string; memory: string }
  limits: { cpu: string; memory: string }
}

export interface SliceSpec {
  /** Deployment, Service and container name; the same name as in docker-compose.yml. */
  name: string
  /** The workspace directory: docker/Dockerfile's SLICE build argument, and the image name's last part. */
  path: string
  kind: SliceKind
  port: number
  /** The endpoints the probes use. */
  health: { live: string; ready: string }
  resources: Resources
  /** Secret keys (in the `medstore-secrets` Secret) given to the slice, by environment variable. */
  secrets: Record<string, { key: string; optional?: boolean }>
  /** Whether the ConfigMap's settings reach it (every Node slice, and the shell for its runtime documents). */
  config: boolean
  /** Scaled by a HorizontalPodAutoscaler on CPU (the overlays set the bounds). */
  autoscale: boolean
  /**
   * Who may open connections to its port (its NetworkPolicy): 'anywhere' for what the Ingress serves, else
   * the slices whose pods may. Everything else is refused, so a service's port is no way in.
   */
  reachableFrom: 'anywhere' | readonly string[]
}

/** The Secret every slice reads; created outside the repository (deploy/README.md says how). */
export const SECRET_NAME = 'medstore-secrets'
export const CONFIG_NAME = 'medstore-config'
/** The identity service reads its signing key from this file (JWT_PRIVATE_KEY_FILE), mounted from the Secret. */
export const JWT_KEY_MOUNT = '/var/run/secrets/medstore'

// Measured (docs/scaling.md): a started service is 100–180 MB resident; the catalogue's image resizing
// (sharp) needs more headroom. Node runs one event loop, so a limit above one core buys little. The
// autoscaled slices request half a core, what they use at the autoscalers' target.
const nodeResources: Resources = {
  requests: { cpu: '250m', memory: '256Mi' },
  limits: { cpu: '1', memory: '512Mi' },
}
const scaledResources: Resources = {
  requests: { cpu: '500m', memory: '256Mi' },
  limits: { cpu: '1', memory: '512Mi' },
}
const catalogueResources: Resources = {
  requests: { cpu: '500m', memory: '384Mi' },
  limits: { cpu: '1', memory: '768Mi' },
}
const webResources: Resources = {
  requests: { cpu: '50m', memory: '32Mi' },
  limits: { cpu: '250m', memory: '128Mi' },
}

const AUTOSCALED = new Set<string>(['gateway', 'catalogue', 'order'])

/**
 * Who calls each service besides the gateway: every service and the gateway fetch identity's JWKS; only the
 * order service calls the catalogue's internal stock API (the gateway never routes /internal). A service not
 * named here is called by the gateway alone.
 */
const serviceCallers: Partial<Record<ServiceName, readonly string[]>> = {
  identity: ['gateway', ...SERVICES.map((service) => service.name).filter((name) => name !== 'identity')],
  catalogue: ['gateway', 'order'],
  cart: ['gateway'],
  order: ['gateway'],
  review: ['gateway'],
  messaging: ['gateway'],
}

/** Secrets beyond the database and broker URLs every service gets; a service not named here has none. */
const serviceSecrets: Partial<Record<ServiceName, SliceSpec['secrets']>> = {
  identity: {
    ADMIN_EMAIL: { key: 'admin-email' },
    ADMIN_PASSWORD: { key: 'admin-password' },
  },
  catalogue: { INTERNAL_TOKEN: { key: 'internal-token' } },
  order: {
    CATALOGUE_INTERNAL_TOKEN: { key: 'internal-token' },
    PAYMENT_WEBHOOK_SECRET: { key: 'payment-webhook-secret' },
    RAZORPAY_KEY_ID: { key: 'razorpay-key-id', optional: true },
    RAZORPAY_KEY_SECRET: { key: 'razorpay-key-secret', optional: true },
    RAZORPAY_WEBHOOK_SECRET: { key: 'razorpay-webhook-secret', optional: true },
  },
  messaging: { SMTP_URL: { key: 'smtp-url', optional: true } },
  prescription: { PRESCRIPTION_KEYS: { key: 'prescription-keys' } },
}

const services: SliceSpec[] = SERVICES.map((service) => ({
  name: service.name,
  path: `services/${service.name}`,
  kind: 'node',
  port: service.port,
  health: { live: '/health/live', ready: '/health/ready' },
  resources:
    service.name === 'catalogue'
      ? catalogueResources
      : AUTOSCALED.has(service.name)
        ? scaledResources
        : nodeResources,
  secrets: {
    DATABASE_URL: { key: `${service.name}-database-url` },
    AMQP_URL: { key: 'amqp-url' },
    ...(serviceSecrets[service.name] ?? {}),
  },
  config: true,
  autoscale: AUTOSCALED.has(service.name),
  reachableFrom: serviceCallers[service.name] ?? ['gateway'],
}))

const gateway: SliceSpec = {
  name: 'gateway',
  path: 'gateway',
  kind: 'node',
  port: 8080,
  // Ready as soon as it serves: its /health is 503 while any one service is down, which it survives.
  health: { live: '/health/live', ready: '/health/live' },
  resources: scaledResources,
  secrets: {},
  config: true,
  autoscale: true,
  reachableFrom: 'anywhere',
}

const webHealth = { live: '/health/live', ready: '/health/ready' }
const frontEnds: SliceSpec[] = [shellApp, ...remoteApps].map((app) => ({
  name: app.id,
  path: app.id,
  kind: 'web',
  port: app.port,
  health: webHealth,
  resources: webResources,
  secrets: {},
  config: app === shellApp,
  autoscale: false,
  reachableFrom: 'anywhere',
}))

export const SLICES: readonly SliceSpec[] = [...services, gateway, ...frontEnds]
