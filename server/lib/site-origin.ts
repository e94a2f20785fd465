import type { Config } from '../config'

/** Where links we send point: PUBLIC_URL, else this server as it listens locally. */
export function siteOrigin(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`
}
