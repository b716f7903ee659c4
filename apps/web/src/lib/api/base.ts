/** Where the API lives, same origin (its own module: the entry reads it before the API client loads). */
export const API_BASE = '/api/v1';
