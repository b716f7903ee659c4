/**
 * The sign-in pages (/login, /signup, /verify-email), one chunk the router loads on demand: their
 * forms' libraries (react-hook-form and its resolvers) stay off the dashboard's and the demo's first
 * view, which evaluated them although only these pages use them (issue 37 item 7, decision 0460).
 * login.html, signup.html and verify-email.html name this chunk, so a visitor who opens one of them
 * downloads and runs it with the app, as when the pages were part of the app's chunk.
 */
export { LoginPage } from './login-page';
export { SignupPage } from './signup-page';
export { VerifyEmailPage } from './verify-email-page';
