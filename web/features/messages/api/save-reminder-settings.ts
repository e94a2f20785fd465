import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReminderSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'
import { reminderSettingsQueryKey } from './get-reminder-settings'

export function saveReminderSettings(settings: ReminderSettings): Promise<ReminderSettings> {
  return apiJson<ReminderSettings>('PUT', '/api/settings/reminders', settings)
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveReminderSettings,
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsQueryKey, saved),
  })
}
