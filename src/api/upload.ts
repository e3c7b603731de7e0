import { dataOf } from '@/core/call'
import { upload } from '@/core/request'

/** The answer of /upload (R7.107). */
export interface Uploaded {
  url: string
  name?: string
  size?: number
}

/**
 * POST /upload, multipart field `file` plus version and platform, 600 s (R7.107). A transport failure or an unparseable
 * reply rejects ApiError of kind upload as the request core gives it (R8.8); an answer that is not a success rejects
 * ApiError with its code.
 */
export function uploadFile(filePath: string, fileName?: string): Promise<Uploaded> {
  return dataOf(upload<Uploaded>(filePath, { fileName }))
}
