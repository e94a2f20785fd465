import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { defaultSiteConfig, siteConfigTag } from './common/site-config.js'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** In production the server fills the placeholder (pages.routes.ts); in dev this plugin does. */
function devSiteConfig(): Plugin {
  return {
    name: 'dev-site-config',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        '<!--site-config-->',
        siteConfigTag({
          brandName: process.env.BRAND_NAME || defaultSiteConfig.brandName,
          supportEmail: process.env.SUPPORT_EMAIL || defaultSiteConfig.supportEmail,
        }),
      ),
  }
}

const apiServer = 'http://localhost:3000'

export default defineConfig({
  root: fromRoot('.'),
  publicDir: 'web/public',
  plugins: [react(), tailwindcss(), devSiteConfig()],
  resolve: {
    alias: {
      '@': fromRoot('./web'),
      '@common': fromRoot('./common'),
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/ws': { target: apiServer, ws: true },
    },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
  },
})
