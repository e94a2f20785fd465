/** An error whose message is safe to show the caller, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries, such as Retry-After. */
    readonly headers: Record<string, string> = {},
    /** The fields at fault, as in a validation answer. */
    readonly issues?: { path: string; message: string }[],
    /** Where an admin changes the setting that refused the request. */
    readonly settingsPath?: string,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
/** 400 naming the field, shaped like a schema validation answer. */
export const invalidField = (path: string, message: string) =>
  new HttpError(400, message, {}, [{ path, message }])
export const forbidden = (message: string) => new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
/** 409: a setting must be made first; the answer links to it. */
export const settingMissing = (message: string, settingsPath: string) =>
  new HttpError(409, message, {}, undefined, settingsPath)
/** 429 with Retry-After: the caller may try again once the window ends. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) })
