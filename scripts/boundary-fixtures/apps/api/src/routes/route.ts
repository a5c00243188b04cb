export const route = 'route';
