import { personViewPath } from './get-person-view'

/**
 * Everything held about the person as a JSON file (super admins). The server names the file, so
 * a download link to this address is the whole call.
 */
export const personDataDownloadUrl = (personId: string) => `${personViewPath(personId)}/export`
