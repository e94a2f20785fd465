/**
 * The lobby's order with the open chat held where it was when it was opened: new messages re-sort
 * the others around it, so the row the agent is reading never jumps away.
 */
export function holdInPlace<T extends { id: string }>(
  chats: readonly T[],
  heldId: string | null,
  heldIndex: number | null,
): T[] {
  const from = chats.findIndex((chat) => chat.id === heldId)
  if (from === -1 || heldIndex === null || from === heldIndex) return [...chats]
  const rest = chats.filter((_, index) => index !== from)
  const to = Math.min(heldIndex, rest.length)
  return [...rest.slice(0, to), chats[from]!, ...rest.slice(to)]
}
