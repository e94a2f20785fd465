// swagger-ui-dist ships no types; the one call made of it is declared here.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export default function SwaggerUIBundle(options: {
    domNode: HTMLElement
    url: string
    deepLinking?: boolean
  }): unknown
}
