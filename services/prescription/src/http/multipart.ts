import {
  PRESCRIPTION_FILE_FIELD,
  PRESCRIPTION_FILE_MAX_BYTES,
  PRESCRIPTION_PAGES_MAX,
} from '@medstore/contracts/prescription'
import { type DomainError, Invalid, TooLarge } from '@medstore/service-kit'
import type { RequestHandler } from 'express'
import multer from 'multer'

/**
 * Reads the upload form into req.files (the pages), in memory: each page is checked, encrypted and stored
 * in PostgreSQL, never written to the container's disk.
 */
export function pagesParser(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: PRESCRIPTION_FILE_MAX_BYTES, files: PRESCRIPTION_PAGES_MAX, fields: 5, parts: 12 },
  }).array(PRESCRIPTION_FILE_FIELD, PRESCRIPTION_PAGES_MAX)
  return (req, res, next) => {
    upload(req, res, (err: unknown) => next(err ? formError(err) : undefined))
  }
}

function formError(err: unknown): DomainError {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new TooLarge('Each page must be at most 10 MB')
      case 'LIMIT_FILE_COUNT':
        return new Invalid(`A prescription can have at most ${PRESCRIPTION_PAGES_MAX} pages`)
      case 'LIMIT_UNEXPECTED_FILE':
        return new Invalid(
          `Send the pages in the form field "${PRESCRIPTION_FILE_FIELD}" (at most ${PRESCRIPTION_PAGES_MAX})`,
        )
      default:
        return new Invalid('The form has too many fields')
    }
  }
  return new Invalid('The multipart form could not be read')
}

/** The pages sent (a browser sends an empty part when no file was chosen). */
export const uploadedPages = (files: unknown): Buffer[] =>
  Array.isArray(files) ? (files as Express.Multer.File[]).filter((f) => f.size > 0).map((f) => f.buffer) : []
