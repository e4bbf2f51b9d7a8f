import { Button, ErrorState, LoadingState, theme } from '@medstore/ui'
import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { useT } from './later/messages.ts'

/** Zoom steps of the image view (1 = the frame's width). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3] as const
const DEFAULT_ZOOM_INDEX = ZOOM_STEPS.indexOf(1)

/** The next quarter turn, clockwise (0, 90, 180, 270). */
export const nextQuarterTurn = (degrees: number) => (degrees + 90) % 360

// Flex with auto margins: a zoomed image larger than the frame scrolls from its top-left corner (centring
// it with grid alignment would push its left part out of reach).
const Frame = styled.div`
  display: flex;
  height: min(70vh, 560px);
  overflow: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: #f1f5f9;

  img {
    display: block;
    flex: none;
    margin: auto;
    max-width: none;
    transition: transform 0.15s ease;
  }
  iframe {
    width: 100%;
    height: 100%;
    border: 0;
    background: #fff;
  }
`

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;

  button {
    padding: 6px 12px;
  }
  output {
    min-width: 4ch;
    color: ${theme.color.muted};
  }
`

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
}

/** 'Prescription page 1 of 2', image/png → 'prescription-page-1-of-2.png'. */
export const downloadName = (label: string, type: string) =>
  [
    label
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'file',
    EXTENSIONS[type],
  ]
    .filter(Boolean)
    .join('.')

type Shown = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; file: Blob }

/**
 * The bytes of a private file as the page's own object URL, made from an authenticated fetch (never a URL
 * anyone else could open) and revoked when the file changes or the view closes.
 */
function useObjectUrl(file: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!file) return
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => {
      URL.revokeObjectURL(made)
      setUrl(undefined)
    }
  }, [file])
  return url
}

export interface FileViewerProps {
  /** Fetches the file's bytes (through the API client, signed in). Runs again when `fileKey` changes. */
  load: () => Promise<Blob>
  /** Identifies the file shown (e.g. `{id}/{page}`). */
  fileKey: string
  /** The file's accessible name, e.g. 'Prescription page 1 of 2'. */
  label: string
}

/**
 * One private file (an image or a PDF) shown from its bytes: an image with zoom and quarter-turn buttons,
 * a PDF in the browser's own PDF view (its pages, zoom and rotation), plus a download of the same bytes.
 */
export function FileViewer({ load, fileKey, label }: FileViewerProps) {
  const t = useT()
  const [shown, setShown] = useState<Shown>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [zoom, setZoom] = useState(DEFAULT_ZOOM_INDEX)
  const [turn, setTurn] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `fileKey` and `attempt` stand for what `load` fetches
  useEffect(() => {
    let current = true
    setShown({ status: 'loading' })
    setZoom(DEFAULT_ZOOM_INDEX)
    setTurn(0)
    load().then(
      (file) => current && setShown({ status: 'ready', file }),
      (error: unknown) =>
        current &&
        setShown({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      current = false
    }
  }, [fileKey, attempt])

  const url = useObjectUrl(shown.status === 'ready' ? shown.file : undefined)

  if (shown.status === 'error')
    return (
      <ErrorState
        failure={t('file.failure')}
        message={shown.message}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    )
  if (shown.status === 'loading' || !url) return <LoadingState label={t('file.opening')} />

  const isPdf = shown.file.type === 'application/pdf'
  const scale = ZOOM_STEPS[zoom] ?? 1
  return (
    <figure style={{ margin: 0 }}>
      <Tools role="toolbar" aria-label={t('file.toolbar', { label })}>
        {isPdf ? null : (
          <>
            <Button
              variant="secondary"
              aria-label={t('file.zoomOut')}
              disabled={zoom === 0}
              onClick={() => setZoom(zoom - 1)}
            >
              −
            </Button>
            <output aria-live="polite" aria-label={t('file.zoom')}>
              {Math.round(scale * 100)}%
            </output>
            <Button
              variant="secondary"
              aria-label={t('file.zoomIn')}
              disabled={zoom === ZOOM_STEPS.length - 1}
              onClick={() => setZoom(zoom + 1)}
            >
              +
            </Button>
            <Button variant="secondary" onClick={() => setTurn(nextQuarterTurn(turn))}>
              {t('file.rotate')}
            </Button>
            <Button
              variant="ghost"
              disabled={zoom === DEFAULT_ZOOM_INDEX && turn === 0}
              onClick={() => {
                setZoom(DEFAULT_ZOOM_INDEX)
                setTurn(0)
              }}
            >
              {t('file.reset')}
            </Button>
          </>
        )}
        <a href={url} download={downloadName(label, shown.file.type)}>
          {t('file.download')}
        </a>
      </Tools>
      {/* Focusable: a zoomed image scrolls, and a keyboard must reach all of it. */}
      <Frame tabIndex={0} role="region" aria-label={label}>
        {isPdf ? (
          <iframe src={url} title={label} />
        ) : (
          <img
            src={url}
            alt={label}
            data-zoom={scale}
            data-rotation={turn}
            style={{ width: `${scale * 100}%`, transform: turn ? `rotate(${turn}deg)` : undefined }}
          />
        )}
      </Frame>
    </figure>
  )
}
