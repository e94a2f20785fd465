// swagger-ui-dist ships no types; what is used of it is declared here.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  import type { createElement } from 'react'
  /** Swagger UI renders with the React it bundles: its components are made with this one. */
  type SwaggerReact = { createElement: typeof createElement }
  type SwaggerPlugin = (system: { React: SwaggerReact }) => {
    components: Record<string, (props: never) => unknown>
  }
  export default function SwaggerUIBundle(options: {
    domNode: HTMLElement
    url: string
    deepLinking?: boolean
    docExpansion?: 'list' | 'full' | 'none'
    plugins?: SwaggerPlugin[]
    layout?: string
  }): unknown
}
