/**
 * The sign-in form's schema on its own, for `import()`: the login page loads it (and zod) after its
 * first render (components/signin-form.tsx).
 */
export { signinRequestSchema } from '@agent-bo/shared';
