import type { createElement, FunctionComponent } from 'react'

/** What Swagger UI hands a layout component: its components, and the loaded document. */
type LayoutProps = {
  getComponent: (name: string, isContainer?: boolean) => unknown
  specSelectors: {
    loadingStatus: () => string | null
    info: () => { get: (key: string) => unknown } | undefined
  }
}

/**
 * Swagger UI's own page layout, minus what does not belong inside the Business Center: its own
 * `<h1>` title and `<main>` (the page has both already: axe finds a second of each), and the
 * version badges. What stays: the document's description, each operation under its tag (an
 * `<h3>`, below the section's `<h2>`), and the schemas.
 */
export function referenceLayoutPlugin({
  React,
}: {
  React: { createElement: typeof createElement }
}) {
  const h = React.createElement
  function ReferenceLayout({ getComponent, specSelectors }: LayoutProps) {
    // Swagger UI's components take Swagger UI's props, which its own types do not describe.
    const part = (name: string, isContainer = true) =>
      getComponent(name, isContainer) as FunctionComponent<Record<string, unknown>>
    const status = specSelectors.loadingStatus()
    if (status === 'loading' || status === null) {
      return h('div', { className: 'swagger-ui' }, h('p', { role: 'status' }, 'Loading…'))
    }
    const description = specSelectors.info()?.get('description')
    return h(
      'div',
      { className: 'swagger-ui' },
      h(part('SvgAssets', false)),
      h(part('errors')),
      typeof description === 'string' &&
        h('div', { className: 'info' }, h(part('Markdown'), { source: description })),
      h('div', { id: 'operations' }, h(part('operations'))),
      h(part('Models')),
    )
  }
  return { components: { ReferenceLayout } }
}
