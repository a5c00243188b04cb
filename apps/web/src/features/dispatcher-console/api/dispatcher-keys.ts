// Query keys of the console's server data (TanStack Query owns it; the board stream writes into it).
export const dispatcherKeys = {
  all: ['dispatcher'] as const,
  board: () => [...dispatcherKeys.all, 'board'] as const,
  service: (serviceId: string) => [...dispatcherKeys.all, 'service', serviceId] as const,
  suggestions: (serviceId: string) => [...dispatcherKeys.all, 'suggestions', serviceId] as const,
};
