import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import tseslint from 'typescript-eslint'

const features = readdirSync('web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
})

const serverOnly = { group: ['**/web/**', '@/*'], message: 'The server never imports web code.' }
// A password or TOTP check is a guess: only the wrappers that take a counted attempt (issue 30)
// call them, so no route can check without counting against the sign-in limits.
const uncountedChecks = [
  {
    group: ['**/passwords'],
    importNames: ['verifyPassword'],
    message: 'Check a password with checkPassword (credential-checks.ts), on a counted attempt.',
  },
  {
    group: ['**/totp'],
    importNames: ['totpStep'],
    message: 'Check a code through two-factor.service.ts, on a counted attempt.',
  },
]

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'server/db/migrations'] },
  js.configs.recommended,
  { files: ['scripts/**', '*.js'], languageOptions: { globals: globals.node } },
  { files: ['web/public/**/*.js'], languageOptions: { globals: globals.browser } },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['web/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  // Import direction (docs/architecture.md §3): common imports nothing of ours; web and server
  // never meet.
  restrict(
    ['common/**'],
    [
      {
        group: ['**/server/**', '**/web/**', '@/*'],
        message: 'common/ is shared: it may import only zod.',
      },
    ],
  ),
  restrict(['server/**'], [serverOnly, ...uncountedChecks]),
  // The wrappers that take a counted attempt, and the checks' own test.
  restrict(
    [
      'server/modules/auth/credential-checks.ts',
      'server/modules/auth/two-factor.service.ts',
      'server/lib/passwords.test.ts',
    ],
    [serverOnly],
  ),
  restrict(
    ['web/**'],
    [{ group: ['**/server/**'], message: 'The web app never imports server code.' }],
  ),
  // The socket is transport: what it needs of the modules is given to it at registration.
  restrict(
    ['server/realtime/**'],
    [
      { group: ['**/web/**', '@/*'], message: 'The server never imports web code.' },
      {
        group: ['**/modules/**', '**/plugins/**'],
        message: 'server/realtime/ is transport: it imports no module or plugin (they import it).',
      },
    ],
  ),
  // Features never import each other; web/app composes them.
  ...features.map((feature) =>
    restrict(
      [`web/features/${feature}/**`],
      [
        { group: ['**/server/**'], message: 'The web app never imports server code.' },
        {
          group: features
            .filter((other) => other !== feature)
            .map((other) => `@/features/${other}/**`),
          message: 'Features never import each other; compose them in web/app.',
        },
      ],
    ),
  ),
  {
    files: ['**/*.test.ts', 'server/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
