import { IMAGE_MAX_BYTES } from '@medstore/contracts/catalogue'
import { type DomainError, Invalid, TooLarge } from '@medstore/service-kit'
import type { RequestHandler } from 'express'
import multer from 'multer'

/**
 * Parses a multipart product form into req.body (text fields) and req.file (the optional `image`),
 * in memory: the image is checked and stored in PostgreSQL, never written to the container's disk.
 * A JSON body passes through untouched (the kit's JSON parser has read it).
 */
export function productFormParser(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  }).single('image')
  return (req, res, next) => {
    upload(req, res, (err: unknown) => next(err ? formError(err) : undefined))
  }
}

function formError(err: unknown): DomainError {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new TooLarge('The image must be at most 10 MB')
      case 'LIMIT_UNEXPECTED_FILE':
      case 'LIMIT_FILE_COUNT':
        return new Invalid('Send at most one file, in the form field "image"')
      case 'LIMIT_FIELD_VALUE':
        return new TooLarge(`The form field "${err.field}" is too long`)
      default:
        return new Invalid('The form has too many fields')
    }
  }
  return new Invalid('The multipart form could not be read')
}

/** The uploaded image, if one was chosen (a browser sends an empty part when none was). */
export const uploadedImage = (file: Express.Multer.File | undefined) =>
  file && file.size > 0 ? file.buffer : undefined
