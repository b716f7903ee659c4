export { API_BASE, apiRequest, setUnauthorizedHandler } from './client';
export { ApiRequestError, errorMessage, isApiRequestError } from './errors';
