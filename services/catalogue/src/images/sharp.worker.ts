/**
 * The child process that runs sharp for the catalogue (images/sharp-worker-client.ts starts it). sharp's
 * libvips, its threads and the fonts the artwork's text loads stay in this process and leave with it
 * when it exits after a quiet spell, instead of staying resident in the service (bench/memory.bench.ts).
 * Built as dist/sharp.worker.js beside main.js (scripts/build-service.ts builds every *.worker.ts under src/).
 */
import sharp from 'sharp'
import type { ImageJob, ImageJobResult } from './image-jobs'

// Each picture is processed once: libvips' operation cache only kept decoded pixels nobody asks for
// again. One thread per picture is plenty for an 800 px WebP.
sharp.cache(false)
sharp.concurrency(1)

/** Bigger than any phone photo; stops a small file that decodes to gigabytes of pixels. */
const MAX_PIXELS = 50_000_000

/** sharp drops every piece of metadata unless asked to keep it; EXIF orientation is applied first. */
function stripped(job: Extract<ImageJob, { op: 'strip' }>): Promise<Buffer> {
  const animated = job.format === 'gif' || job.format === 'webp'
  const image = sharp(job.input, { limitInputPixels: MAX_PIXELS, animated })
  // Only a still picture has an orientation to honour (libvips cannot rotate an animation's frames).
  const upright = animated ? image : image.rotate()
  switch (job.format) {
    case 'jpeg':
      return upright.jpeg({ quality: 90 }).toBuffer()
    case 'png':
      return upright.png().toBuffer()
    case 'gif':
      return upright.gif().toBuffer()
    case 'webp':
      return upright.webp({ quality: 90 }).toBuffer()
  }
}

function run(job: ImageJob): Promise<Buffer> {
  if (job.op === 'png')
    // Light compression: flat artwork stays small anyway, and start-up seeding stays quick.
    return sharp(Buffer.from(job.svg)).png({ compressionLevel: 2 }).toBuffer()
  if (job.op === 'strip') return stripped(job)
  return sharp(job.input, { limitInputPixels: MAX_PIXELS })
    .rotate() // honour EXIF orientation
    .resize({ width: job.size, height: job.size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, effort: job.effort })
    .toBuffer()
}

process.on('message', (job: ImageJob) => {
  run(job)
    .then(
      (data): ImageJobResult => ({ id: job.id, data: new Uint8Array(data) }),
      (err: Error): ImageJobResult => ({ id: job.id, error: err.message }),
    )
    .then((result) => process.send?.(result))
})
// The service went away (or let this process go): nothing more will come.
process.on('disconnect', () => process.exit(0))
