// Query keys of the lead edit screen, in the shape the lead screens use (['leads', 'detail', id], ['leads', 'list', …]), so a save refreshes them.
export const leadEditKeys = {
  all: ['leads'] as const,
  lists: () => [...leadEditKeys.all, 'list'] as const,
  detail: (id: number) => [...leadEditKeys.all, 'detail', id] as const,
};
