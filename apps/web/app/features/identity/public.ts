// What the other features may use of identity (docs/architecture.md, web part: features meet through public.ts).

export { useEndSessionHere } from "./end-session.ts";
export { ME_QUERY_KEY, meQueryOptions } from "./me-queries.ts";
export { compactPhone } from "./phone.ts";
export { RequireAuth } from "./require-auth.tsx";
export { userFromMe } from "./session-user.ts";
export { useStartLogin } from "./use-start-login.ts";
export { useSendUrlTokenOnce } from "./use-url-token.ts";
