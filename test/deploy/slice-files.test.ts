/**
 * scripts/slice-files: the files that follow from the lists of slices are committed as they generate, and
 * a service added to (or taken from) the list reaches every one of them.
 */
import { SERVICES } from '@medstore/contracts/services'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { SLICES } from '../../deploy/k8s/slices'
import { composeFile } from '../../scripts/slice-files/compose'
import { sliceFiles } from '../../scripts/slice-files/index'
import { postgresClusterFile, postgresInitSql } from '../../scripts/slice-files/postgres'
import { prodKustomizationFile, prodReplicasFile } from '../../scripts/slice-files/prod-overlay'
import { type ComposeFile, parseYaml, readRepoFile } from './files'

const files = sliceFiles(readRepoFile)
const withProbe = [...SERVICES, { name: 'probe', port: 4099 }]

describe('the files derived from the lists of slices', () => {
  it.each(Object.keys(files))('%s is as `npm run slices` writes it', (relative) => {
    expect(readRepoFile(relative), `${relative}: run npm run slices`).toBe(files[relative])
  })

  it('gives a new service its compose entry, and the gateway its dependency and URL', () => {
    const compose = parseYaml(composeFile(readRepoFile('docker-compose.yml'), withProbe)) as ComposeFile
    const probe = compose.services.probe
    expect(probe?.build).toEqual({
      ...compose.services.cart?.build,
      args: { SLICE: 'services/probe', PORT: '4099' },
    })
    expect(probe?.build?.dockerfile).toBe('docker/Dockerfile')
    expect(probe?.environment?.DATABASE_URL).toMatch(/@postgres:5432\/medstore_probe$/)
    expect(probe?.environment?.AMQP_URL).toBe(compose.services.cart?.environment?.AMQP_URL)
    expect(probe?.depends_on).toEqual(compose.services.cart?.depends_on)
    expect(probe?.healthcheck).toEqual(compose.services.cart?.healthcheck)
    expect(compose.services.gateway?.depends_on).toMatchObject({ probe: { condition: 'service_healthy' } })
    expect(compose.services.gateway?.environment?.PROBE_URL).toBe('http://probe:4099')
  })

  it('takes a service that leaves the list out of compose, the gateway and whoever waited on it', () => {
    const without = SERVICES.filter((service) => service.name !== 'review')
    const compose = parseYaml(composeFile(readRepoFile('docker-compose.yml'), without)) as ComposeFile
    expect(compose.services.review).toBeUndefined()
    expect(compose.services.gateway?.depends_on).not.toHaveProperty('review')
    expect(compose.services.catalogue?.depends_on).not.toHaveProperty('review')
    expect(compose.services.gateway?.environment).not.toHaveProperty('REVIEW_URL')
    expect(compose.services.cart).toBeDefined()
  })

  it('creates a database for each service, in compose and in the Kubernetes cluster', () => {
    expect(postgresInitSql(withProbe)).toContain('CREATE DATABASE medstore_probe;\n')
    const cluster = parseAllDocuments(
      postgresClusterFile(readRepoFile('deploy/k8s/infrastructure/postgres.yaml'), withProbe),
    )
      .map((doc) => doc.toJSON())
      .find((object) => object.kind === 'Cluster')
    expect(cluster.spec.bootstrap.initdb.database).toBe('medstore_identity')
    expect(cluster.spec.bootstrap.initdb.postInitSQL).toContain(
      'CREATE DATABASE medstore_probe OWNER medstore',
    )
  })

  it('gives a new slice its production image and two pods', () => {
    const probe = { ...SLICES.find((slice) => slice.name === 'cart')!, name: 'probe' }
    const kustomization = parseYaml(
      prodKustomizationFile(readRepoFile('deploy/k8s/overlays/prod/kustomization.yaml'), [...SLICES, probe]),
    ) as { images: { name: string; newName: string; newTag: string }[] }
    expect(kustomization.images).toContainEqual({
      name: 'medstore/probe',
      newName: 'registry.example.in/medstore/probe',
      newTag: '1.0.0',
    })
    expect(kustomization.images).toHaveLength(SLICES.length + 1)
    const replicas = parseAllDocuments(prodReplicasFile([...SLICES, probe])).map((doc) => doc.toJSON())
    expect(replicas).toContainEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'probe' },
      spec: { replicas: 2 },
    })
    expect(replicas.map((deployment) => deployment.metadata.name)).not.toContain('order')
  })
})
