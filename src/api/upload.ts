import { dataOf } from '@/core/call'
import { UploadError, toApiError } from '@/core/errors'
import { upload, type Envelope } from '@/core/request'

/** The answer of /upload (R7.107). */
export interface Uploaded {
  url: string
  name?: string
  size?: number
}

/**
 * POST /upload, multipart field `file` plus version and platform, 600 s (R7.107). A transport failure or an unparseable
 * reply rejects UploadError as the request core gives it (R8.8); an answer that is not a success rejects ApiError.
 */
export async function uploadFile(filePath: string, fileName?: string): Promise<Uploaded> {
  let envelope: Envelope<Uploaded>
  try {
    envelope = await upload<Uploaded>(filePath, { fileName })
  } catch (err) {
    throw err instanceof UploadError ? err : toApiError(err)
  }
  return dataOf(Promise.resolve(envelope))
}
