/** The password of every account the integration tests sign up (strong enough for the sign-up rules). */
export const TEST_PASSWORD = 'correct horse battery';
