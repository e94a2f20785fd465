/** Whole cents from a decimal string or number ("9.99" → 999); null when not a money amount. */
export function toCents(value: string | number): number | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim()
  const match = /^(-)?(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] ? -cents : cents
}

/** "9.99" from 999: the wire format of every amount. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
