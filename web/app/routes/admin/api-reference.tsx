import { useEffect, useRef } from 'react'
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js'
import 'swagger-ui-dist/swagger-ui.css'

/**
 * Swagger UI on GET /api/openapi.json (the session cookie goes with it, same origin). "Try it
 * out" sends real requests as the signed-in admin, as the Business Center does.
 */
export default function ApiReference() {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!container.current) return
    SwaggerUIBundle({ domNode: container.current, url: '/api/openapi.json', deepLinking: false })
  }, [])
  return <div ref={container} className="rounded-lg bg-white text-black" />
}
