import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { defaultSiteConfig, siteConfigTag } from './common/site-config.js'
import { themeInitTag } from './common/theme-init.js'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * In production the server fills `<!--head-->` with the site config and each page's title and
 * meta tags (server/modules/pages); in dev this plugin fills in the site config and a title.
 */
function devHead(): Plugin {
  const brandName = process.env.BRAND_NAME || defaultSiteConfig.brandName
  const supportEmail = process.env.SUPPORT_EMAIL || defaultSiteConfig.supportEmail
  return {
    name: 'dev-head',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        '<!--head-->',
        `${siteConfigTag({ brandName, supportEmail })}${themeInitTag}<title>${brandName}</title>`,
      ),
  }
}

const apiServer = 'http://localhost:3000'

export default defineConfig({
  root: fromRoot('.'),
  publicDir: 'web/public',
  plugins: [react(), tailwindcss(), devHead()],
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
