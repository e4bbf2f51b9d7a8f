/**
 * deploy/k8s, rendered by `kubectl kustomize` for each overlay and checked object by object: against the
 * Kubernetes schemas (the models of the npm package kubernetes-models) and against our rules: a Deployment
 * and Service per slice with probes on the health endpoints, requests and limits, autoscaling for the
 * gateway, catalogue and order, PodDisruptionBudgets, configuration from a ConfigMap and secrets only by
 * reference to a Secret that is not in the repository. (That the committed base is what
 * deploy/k8s/base-manifests.ts generates: slice-files.test.ts.)
 *
 * kubectl comes from Debian (`kubernetes-client`, installed by .ci/run); outside CI the rendering tests
 * are skipped, saying so, when it is missing.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { SERVICES } from '@medstore/contracts/services'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { CONFIG_NAME, SECRET_NAME, SLICES } from '../../deploy/k8s/slices'
import { repoRoot } from './files'

type KubeObject = {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace?: string }
  // biome-ignore lint/suspicious/noExplicitAny: a rendered manifest is arbitrary JSON; the schema checks it
  spec?: any
  data?: Record<string, string>
  stringData?: Record<string, string>
}

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' })
const hasKubectl = kubectl.status === 0
if (!hasKubectl && process.env.CI) {
  throw new Error('kubectl is missing in CI: .ci/run installs Debian’s kubernetes-client')
}
if (!hasKubectl) {
  console.warn(
    '[deploy] kubectl not found: skipping the Kubernetes rendering tests (apt-get install kubernetes-client)',
  )
}

function render(dir: string): KubeObject[] {
  const result = spawnSync('kubectl', ['kustomize', path.join(repoRoot, dir)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  })
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${result.stderr}`)
  return parseAllDocuments(result.stdout)
    .map((document) => document.toJSON() as KubeObject)
    .filter(Boolean)
}

/** kubernetes-models/<group>/<version> exports a class per kind whose validate() checks the schema. */
async function schemaErrors(object: KubeObject): Promise<string | undefined> {
  const modulePath = `kubernetes-models/${object.apiVersion}`
  // biome-ignore lint/suspicious/noExplicitAny: the model classes are looked up by name
  let models: Record<string, any>
  try {
    models = await import(modulePath)
  } catch {
    return `${object.kind}/${object.metadata.name}: no schema for apiVersion ${object.apiVersion}`
  }
  const Model = models[object.kind]
  if (!Model) return `${object.kind}/${object.metadata.name}: unknown kind in ${object.apiVersion}`
  try {
    new Model(object).validate()
    return undefined
  } catch (error) {
    return `${object.kind}/${object.metadata.name}: ${(error as Error).message}`
  }
}

const find = (objects: KubeObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name)

const OVERLAYS = [
  { name: 'dev', namespace: 'medstore-dev' },
  { name: 'prod', namespace: 'medstore' },
] as const

describe.skipIf(!hasKubectl).each(OVERLAYS)('deploy/k8s/overlays/$name rendered', ({ name, namespace }) => {
  const objects = hasKubectl ? render(`deploy/k8s/overlays/${name}`) : []
  const deployments = objects.filter((object) => object.kind === 'Deployment')

  it('validates every object against the Kubernetes schemas', async () => {
    const errors = (await Promise.all(objects.map(schemaErrors))).filter(Boolean)
    expect(errors).toEqual([])
    expect(objects.length).toBeGreaterThan(40)
    // The check can fail: a malformed copy of a Deployment is refused.
    const broken = structuredClone(deployments[0]!)
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http'
    broken.spec.replicas = 'two'
    expect(await schemaErrors(broken)).toMatch(/containerPort must be integer|replicas must be integer/)
  })

  it('puts everything in its namespace', () => {
    for (const object of objects.filter((candidate) => candidate.kind !== 'Namespace')) {
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe(namespace)
    }
    expect(find(objects, 'Namespace', namespace)).toBeDefined()
  })

  it('has a Deployment and a Service per slice, with probes on the health endpoints, requests and limits', () => {
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(
      SLICES.map((slice) => slice.name).sort(),
    )
    for (const slice of SLICES) {
      const container = find(objects, 'Deployment', slice.name)?.spec.template.spec.containers[0]
      expect(container.readinessProbe.httpGet, slice.name).toEqual({ path: slice.health.ready, port: 'http' })
      expect(container.livenessProbe.httpGet, slice.name).toEqual({ path: slice.health.live, port: 'http' })
      expect(container.ports, slice.name).toEqual([{ name: 'http', containerPort: slice.port }])
      for (const bound of ['requests', 'limits']) {
        expect(Object.keys(container.resources[bound]).sort(), `${slice.name} ${bound}`).toEqual([
          'cpu',
          'memory',
        ])
      }
      expect(container.image, slice.name).toMatch(new RegExp(`medstore/${slice.name}(:[\\w.-]+)?$`))
      const service = find(objects, 'Service', slice.name)
      expect(service?.spec.ports, slice.name).toEqual([
        { name: 'http', port: slice.port, targetPort: 'http' },
      ])
      expect(service?.spec.selector).toEqual(
        find(objects, 'Deployment', slice.name)?.spec.selector.matchLabels,
      )
    }
  })

  it('runs every pod as a non-root user without privilege escalation', () => {
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec
      expect(pod.securityContext.runAsNonRoot, deployment.metadata.name).toBe(true)
      expect(pod.securityContext.runAsUser, deployment.metadata.name).toBeGreaterThan(0)
      expect(pod.containers[0].securityContext.allowPrivilegeEscalation, deployment.metadata.name).toBe(false)
    }
  })

  it('autoscales the gateway, catalogue and order services, and no Deployment fights its autoscaler', () => {
    const autoscalers = objects.filter((object) => object.kind === 'HorizontalPodAutoscaler')
    expect(autoscalers.map((hpa) => hpa.spec.scaleTargetRef.name).sort()).toEqual([
      'catalogue',
      'gateway',
      'order',
    ])
    for (const hpa of autoscalers) {
      expect(hpa.apiVersion).toBe('autoscaling/v2')
      // An absolute CPU target (a share of the request would shift whenever requests change).
      expect(hpa.spec.metrics[0].resource.target).toEqual({ type: 'AverageValue', averageValue: '650m' })
      expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas)
      expect(find(objects, 'Deployment', hpa.spec.scaleTargetRef.name)?.spec.replicas).toBeUndefined()
    }
  })

  it('keeps a PodDisruptionBudget for every slice', () => {
    for (const deployment of deployments) {
      const budget = find(objects, 'PodDisruptionBudget', deployment.metadata.name)
      expect(budget?.spec.selector.matchLabels, deployment.metadata.name).toEqual(
        deployment.spec.selector.matchLabels,
      )
    }
  })

  it('takes configuration from the ConfigMap and secrets only by reference to a Secret kept out of the repo', () => {
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([])
    const configMaps = objects.filter((object) => object.kind === 'ConfigMap')
    expect(configMaps).toHaveLength(1)
    const configMap = configMaps[0]!
    expect(configMap.metadata.name.startsWith(`${CONFIG_NAME}-`)).toBe(true)
    for (const key of Object.keys(configMap.data ?? {}))
      expect(key).not.toMatch(/PASSWORD|SECRET|TOKEN|PRIVATE/)
    for (const deployment of deployments) {
      const container = deployment.spec.template.spec.containers[0]
      for (const source of container.envFrom ?? [])
        expect(source.configMapRef?.name).toBe(configMap.metadata.name)
      for (const variable of container.env ?? []) {
        if (variable.valueFrom) expect(variable.valueFrom.secretKeyRef?.name, variable.name).toBe(SECRET_NAME)
        else
          expect(variable.name, `${deployment.metadata.name}: a literal value`).toBe('JWT_PRIVATE_KEY_FILE')
      }
    }
  })

  it('lets only the order service (and the gateway) reach the catalogue, and every slice only its callers', () => {
    type Rule = { from?: { podSelector: { matchLabels: Record<string, string> } }[] }
    const callers = (name: string) => {
      const policy = find(objects, 'NetworkPolicy', name)
      expect(policy?.spec.podSelector.matchLabels, name).toEqual({ 'app.kubernetes.io/name': name })
      expect(policy?.spec.policyTypes).toEqual(['Ingress'])
      const rules: Rule[] = policy?.spec.ingress ?? []
      if (rules.some((rule) => !rule.from)) return 'anywhere'
      return rules.flatMap((rule) =>
        rule.from!.map((peer) => peer.podSelector.matchLabels['app.kubernetes.io/name']),
      )
    }
    expect(callers('catalogue')).toEqual(['gateway', 'order'])
    for (const name of ['cart', 'order', 'review', 'messaging'])
      expect(callers(name), name).toEqual(['gateway'])
    // Every service fetches identity's signing keys (a new one too).
    expect(callers('identity')).toEqual([
      'gateway',
      ...SERVICES.map((service) => service.name).filter((name) => name !== 'identity'),
    ])
    for (const name of ['gateway', 'shell', 'mfe-store', 'mfe-checkout', 'mfe-vendor'])
      expect(callers(name), name).toBe('anywhere')
  })

  it('points the postgres and rabbitmq names at services outside these manifests', () => {
    for (const external of ['postgres', 'rabbitmq']) {
      const service = find(objects, 'Service', external)
      expect(service?.spec.type).toBe('ExternalName')
      expect(service?.spec.externalName).toMatch(/\.svc\.cluster\.local$/)
    }
  })

  it('routes the shop, the three remotes and the API through one Ingress', () => {
    const ingress = find(objects, 'Ingress', 'medstore')
    const backends = ingress?.spec.rules.map(
      (rule: { http: { paths: { backend: { service: { name: string } } }[] } }) =>
        rule.http.paths[0]?.backend.service.name,
    )
    expect(backends.sort()).toEqual(['gateway', 'mfe-checkout', 'mfe-store', 'mfe-vendor', 'shell'])
  })
})

describe.skipIf(!hasKubectl)('deploy/k8s/infrastructure rendered', () => {
  it('names the standard operators’ resources: CloudNativePG for PostgreSQL, RabbitMQ with quorum queues', () => {
    const objects = render('deploy/k8s/infrastructure')
    expect(objects.map((object) => `${object.apiVersion} ${object.kind}`).sort()).toEqual([
      'postgresql.cnpg.io/v1 Cluster',
      'postgresql.cnpg.io/v1 Pooler',
      'rabbitmq.com/v1beta1 RabbitmqCluster',
    ])
    const broker = objects.find((object) => object.kind === 'RabbitmqCluster')
    expect(broker?.spec.rabbitmq.additionalConfig).toContain('default_queue_type = quorum')
    const databases = objects.find((object) => object.kind === 'Cluster')?.spec.bootstrap.initdb
    const created = [databases.database, ...databases.postInitSQL.map((sql: string) => sql.split(' ')[2])]
    expect(created.sort()).toEqual(
      SLICES.filter((slice) => slice.path.startsWith('services/'))
        .map((slice) => `medstore_${slice.name}`)
        .sort(),
    )
  })
})
