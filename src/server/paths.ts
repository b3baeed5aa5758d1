export const API_PREFIX = '/v1';
