import { contactFilterParams, type ContactFilters } from './get-trial-requests'

/**
 * The CSV of the contacts the filters select. The server names the file
 * contacts-YYYY-MM-DD.csv, so a plain download link is enough.
 */
export function contactsCsvUrl(filters: ContactFilters): string {
  const params = contactFilterParams(filters).toString()
  return `/api/trial-requests/export.csv${params ? `?${params}` : ''}`
}
