import { ToneBadge, type Tone } from '@/components/tone-badge'

/** Above 70 % green, above 50 % yellow, otherwise red. */
function marginTone(margin: number): Tone {
  if (margin > 70) return 'good'
  if (margin > 50) return 'fair'
  return 'poor'
}

/** A profit margin ("85.21") as a coloured percentage. */
export function MarginBadge({ margin }: { margin: string }) {
  return <ToneBadge tone={marginTone(Number(margin))}>{margin}%</ToneBadge>
}
