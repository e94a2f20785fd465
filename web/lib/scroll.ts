/** Sections laid out only near the viewport (`render-when-visible` in styles.css). */
const deferredSectionSelector = '.render-when-visible'

/**
 * Scrolls to an element on the page, smoothly unless the visitor asked for reduced motion.
 * Sections that wait to be laid out are laid out first: until then their height is an estimate,
 * and a smooth scroll would aim at where the element would be if the estimates were right.
 */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id)
  if (!element) return false
  for (const section of document.querySelectorAll<HTMLElement>(deferredSectionSelector)) {
    section.style.setProperty('content-visibility', 'visible')
  }
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
  return true
}

export const plansSectionId = 'plans'
