import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageKind, MessageTemplate, TemplateText } from '@common/messages'
import { apiJson } from '@/lib/api-client'
import { messageTemplatesQueryKey } from './get-message-templates'

const templateUrl = (kind: MessageKind) => `/api/messages/templates/${encodeURIComponent(kind)}`

export function saveMessageTemplate(kind: MessageKind, text: TemplateText) {
  return apiJson<MessageTemplate>('PUT', templateUrl(kind), text)
}

/** Back to the words shipped with the product. */
export function resetMessageTemplate(kind: MessageKind) {
  return apiJson<MessageTemplate>('DELETE', templateUrl(kind))
}

function replaceTemplate(saved: MessageTemplate) {
  return (templates: MessageTemplate[] | undefined) =>
    templates?.map((template) => (template.kind === saved.kind ? saved : template))
}

export function useSaveMessageTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, text }: { kind: MessageKind; text: TemplateText }) =>
      saveMessageTemplate(kind, text),
    onSuccess: (saved) =>
      queryClient.setQueryData(messageTemplatesQueryKey, replaceTemplate(saved)),
  })
}

export function useResetMessageTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetMessageTemplate,
    onSuccess: (saved) =>
      queryClient.setQueryData(messageTemplatesQueryKey, replaceTemplate(saved)),
  })
}
