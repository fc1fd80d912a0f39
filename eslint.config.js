// ESLint flat config: typescript-eslint for all TypeScript, React hooks rules for the renderer,
// and the renderer is never allowed to import electron or server-only modules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'renderer/dist/**',
      'server/dist/**',
      'server/generated/**',
      'build/out/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink', 'Form'],
              message:
                "Use renderer/routes/link.tsx: react-router's own components carry framework-mode code (scripts/lib/vendor-shake.ts).",
            },
          ],
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'The renderer talks to the desktop shell through renderer/platform only.',
            },
            {
              // The project's own server folder (relative imports), not packages such as @trpc/server.
              regex: '^(\\.{1,2}/)+server/(?!contracts/|trpc/router$)',
              message: 'The renderer may import only server/contracts (and the router type).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // The same five names as UNBUNDLED_TRPC_HOOKS in scripts/lib/vendor-shake.ts.
          selector:
            'CallExpression > MemberExpression.callee > Identifier.property[name=/^(usePrefetchQuery|useSuspenseQuery|useSuspenseQueries|usePrefetchInfiniteQuery|useSuspenseInfiniteQuery)$/]',
          message:
            "The build leaves tRPC's suspense and prefetch hooks out (scripts/lib/vendor-shake.ts): use useQuery, or a screen's prefetch.",
        },
        {
          // The same two names as DROPPED_BUTTON_STATICS in scripts/lib/vendor-shake.ts.
          selector:
            ':matches(MemberExpression, JSXMemberExpression)[object.name="Button"] > :matches(Identifier, JSXIdentifier).property[name=/^(Group|GroupSection)$/]',
          message:
            "The build drops Mantine's Button.Group and Button.GroupSection (scripts/lib/vendor-shake.ts): import ButtonGroup from '@mantine/core'.",
        },
      ],
    },
  },
);
