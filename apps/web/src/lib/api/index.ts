export { API_BASE, apiRequest, setUnauthorizedHandler } from './client';
export { ApiRequestError, errorCodeOf, errorMessage, isApiRequestError } from './errors';
