import { ToneBadge, type Tone } from '@/components/tone-badge'

function seoTone(score: number): Tone {
  if (score >= 80) return 'good'
  if (score >= 50) return 'fair'
  return 'poor'
}

/** An SEO score out of 100: green from 80, yellow from 50, red below. */
export function SeoScoreBadge({ score }: { score: number }) {
  return <ToneBadge tone={seoTone(score)}>{score}/100</ToneBadge>
}
