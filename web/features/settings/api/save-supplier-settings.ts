import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SupplierSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'
import { supplierSettingsQueryKey } from './get-supplier-settings'

export function saveSupplierSettings(settings: SupplierSettings): Promise<SupplierSettings> {
  return apiJson<SupplierSettings>('PUT', '/api/settings/supplier', settings)
}

export function useSaveSupplierSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSupplierSettings,
    onSuccess: (saved) => queryClient.setQueryData(supplierSettingsQueryKey, saved),
  })
}
