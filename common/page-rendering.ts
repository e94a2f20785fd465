import type { SiteConfig } from './site-config'

/** The id of the JSON block holding the query data a server-rendered page was rendered with. */
export const queryStateElementId = 'query-state'

/** The id of the JSON block holding the class lists its rendering merged (web/lib/utils.ts). */
export const classMergesElementId = 'class-merges'

/** What the server hands the web app's server renderer for one page. */
export type PageRenderRequest = {
  path: string
  siteConfig: SiteConfig
  /** Answers the app's API calls from inside the server, as a visitor's fetch would. */
  fetchApi: (url: string) => Promise<Response>
}

export type RenderedPage = {
  /** The markup that goes inside `<div id="root">`. */
  html: string
  /**
   * The `<script type="application/json">` blocks of the data and the class merges it was
   * rendered with.
   */
  stateTags: string
}

/** web/entry-server.tsx's export, loaded by the server at start-up. */
export type RenderPage = (request: PageRenderRequest) => Promise<RenderedPage>
