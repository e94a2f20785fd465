import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ReminderSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'

export const reminderSettingsQueryKey = ['settings', 'reminders'] as const

export function getReminderSettings(signal?: AbortSignal): Promise<ReminderSettings> {
  return apiJson<ReminderSettings>('GET', '/api/settings/reminders', undefined, signal)
}

export function useReminderSettings() {
  return useQuery(
    queryOptions({
      queryKey: reminderSettingsQueryKey,
      queryFn: ({ signal }) => getReminderSettings(signal),
    }),
  )
}
