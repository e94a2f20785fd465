import { useEffect, useRef } from 'react'
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js'
import 'swagger-ui-dist/swagger-ui.css'
import { nameSwaggerControls } from './api-reference-labels'
import { referenceLayoutPlugin } from './api-reference-layout'
import './api-reference.css'

const documentPath = '/api/openapi.json'

/**
 * Swagger UI on GET /api/openapi.json (the session cookie goes with it, same origin). "Try it
 * out" sends real requests as the signed-in admin, as the Business Center does.
 */
export default function ApiReference() {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!container.current) return
    SwaggerUIBundle({
      domNode: container.current,
      url: documentPath,
      deepLinking: false,
      // Areas start closed: opened together, Swagger UI would draw only what is on screen (it
      // virtualizes from 150 operations), and the reader looks for one area at a time.
      docExpansion: 'none',
      plugins: [referenceLayoutPlugin],
      layout: 'ReferenceLayout',
    })
    return nameSwaggerControls(container.current)
  }, [])
  return (
    <section aria-labelledby="api-reference-heading" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="api-reference-heading" className="text-2xl font-bold">
          API reference
        </h2>
        <p className="text-sm text-muted-foreground">
          Every route, generated from the server&apos;s own schemas:{' '}
          <a href={documentPath} className="underline underline-offset-4">
            {documentPath}
          </a>{' '}
          (OpenAPI 3.1).
        </p>
      </div>
      {/* Swagger UI has one light look: it stays on a light sheet in the dark theme too. */}
      <div
        ref={container}
        className="api-reference min-w-0 rounded-lg border bg-white p-2 text-black sm:p-4"
      />
    </section>
  )
}
