/** The installation's operator: the first account, signed up by the global setup (an admin, verified at once). */
export const OPERATOR = {
  email: 'operator@e2e.plumbline.test',
  password: 'operator-of-the-e2e-run',
  fullName: 'E2E Operator',
} as const;
