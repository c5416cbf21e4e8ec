// What every admin list's query shares: its key under ["admin"], and no error modal or spinner (a list shows
// its own error state with a retry; a refetch after a change does not raise the global spinner).

export const ADMIN_QUERY_KEY = ["admin"] as const;

export const ADMIN_LIST_META = { hideError: true, hideSpinner: true } as const;
