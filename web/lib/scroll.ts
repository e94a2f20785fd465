/** Scrolls to an element on the page, smoothly unless the visitor asked for reduced motion. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id)
  if (!element) return false
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
  return true
}

export const plansSectionId = 'plans'
