import { appRoutes } from '../../common/routes'

/** Text for HTML: the five characters that could open markup or end an attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

// The site's colours (web/styles.css) in a few inline rules: the page loads no stylesheet or
// script of the app, and the Content-Security-Policy allows inline styles.
const style = `
:root{color-scheme:light dark;--bg:oklch(0.99 0.003 286);--fg:oklch(0.16 0.02 286);--card:#fff;--muted:oklch(0.47 0.025 286);--border:oklch(0.91 0.008 286);--primary:oklch(0.52 0.25 293);--on-primary:oklch(0.99 0 0)}
@media (prefers-color-scheme:dark){:root{--bg:oklch(0.15 0.018 286);--fg:oklch(0.97 0.005 286);--card:oklch(0.195 0.022 286);--muted:oklch(0.74 0.02 286);--border:oklch(1 0 0/11%);--primary:oklch(0.72 0.17 293);--on-primary:oklch(0.17 0.05 293)}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:28rem;padding:2rem;border:1px solid var(--border);border-radius:1rem;background:var(--card);box-shadow:0 1px 3px rgb(0 0 0/0.08)}
.brand{margin:0 0 1.25rem;font-weight:700;color:var(--primary)}
h1{margin:0 0 .5rem;font-size:1.375rem;line-height:1.3}
p{margin:0;color:var(--muted)}
form{margin-top:1.5rem}
button{width:100%;min-height:2.75rem;padding:.625rem 1rem;border:0;border-radius:.625rem;background:var(--primary);color:var(--on-primary);font:inherit;font-weight:600;cursor:pointer}
button:hover{filter:brightness(1.08)}
a{color:var(--primary)}
:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
.links{margin-top:1.5rem;font-size:.875rem}
`

/**
 * A small page of the site's own that needs no script or stylesheet of the app (unsubscribing,
 * returning from a payment): the brand, a title, a line of text, and `action`, HTML already safe.
 */
export function plainPage({
  brandName,
  title,
  text,
  action = '',
}: {
  brandName: string
  title: string
  text: string
  action?: string
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · ${escapeHtml(brandName)}</title>
<style>${style}</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(brandName)}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${action}
<p class="links"><a href="${appRoutes.home}">Home</a> · <a href="${appRoutes.support}">Contact support</a></p>
</main>
</body>
</html>
`
}
